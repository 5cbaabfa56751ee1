import {
  customerAccounts,
  customerBalances,
  customers,
  fundHolidays,
  fundNavs,
  fundProspectuses,
  funds,
  orders,
  pointBalances,
  prospectusConfirmations,
  type DatabaseExecutor,
  type Fund,
} from '@fund/db';
import type { AccountType, IsoDate, NavPer10k } from '@fund/domain';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { TradingCustomer } from './trading.repository.ts';

/** Everything an order placement reads before it decides, as one statement reads it. */
export interface PlacementContext {
  readonly customer: TradingCustomer;
  /** The order the customer already placed with this idempotency key, if any (its id). */
  readonly existingOrderId: string | null;
  /** Undefined when no fund has the code. */
  readonly fund: Fund | undefined;
  /** The fund's newest NAV on or before today. */
  readonly nav: { readonly navDate: IsoDate; readonly nav: NavPer10k } | undefined;
  /** The fund's own holidays from today on (its trading calendar adds them to Japan's). */
  readonly fundHolidays: readonly string[];
  readonly openAccountTypes: ReadonlySet<AccountType>;
  /** お預り金. */
  readonly cashBalance: bigint;
  readonly pointBalance: bigint;
  /** The prospectus version in force today, and whether the customer confirmed it. */
  readonly prospectus: { readonly version: number; readonly confirmed: boolean } | undefined;
}

/**
 * Reads the customer (locked with `lock`, FOR NO KEY UPDATE as `lockCustomer` does), the fund by code,
 * its latest NAV, its holidays, the customer's open accounts, balances, the prospectus in force with its
 * confirmation and an earlier order with the key — in one round trip: a placement used to make nine, and
 * placing orders is the API's busiest write (performance.md: buy ≥ 0.5 × a single-row INSERT).
 * Undefined when the customer does not exist.
 */
export async function readPlacementContext(
  db: DatabaseExecutor,
  input: {
    readonly customerId: string;
    readonly fundCode: string;
    readonly today: IsoDate;
    readonly idempotencyKey: string | null;
    readonly lock: boolean;
  },
): Promise<PlacementContext | undefined> {
  const { today } = input;
  const scalar = <T>(query: unknown) => sql<T>`(${query})`;
  const latestNav = db
    .select({ nav: sql`json_build_object('navDate', ${fundNavs.navDate}, 'nav', ${fundNavs.nav}::text)` })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, funds.id), lte(fundNavs.navDate, today)))
    .orderBy(desc(fundNavs.navDate))
    .limit(1);
  const holidays = db
    .select({ holidays: sql`coalesce(array_agg(${fundHolidays.holiday}::text), '{}')` })
    .from(fundHolidays)
    .where(and(eq(fundHolidays.fundId, funds.id), gte(fundHolidays.holiday, today)));
  const accounts = db
    .select({ types: sql`coalesce(array_agg(${customerAccounts.accountType}::text), '{}')` })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.customerId, customers.id), isNull(customerAccounts.closedOn)));
  const cash = db
    .select({ balance: sql`${customerBalances.balance}::text` })
    .from(customerBalances)
    .where(and(eq(customerBalances.customerId, customers.id), eq(customerBalances.account, 'customer_cash')));
  const points = db
    .select({ balance: sql`${pointBalances.balance}::text` })
    .from(pointBalances)
    .where(eq(pointBalances.customerId, customers.id));
  const prospectusVersion = db
    .select({ version: fundProspectuses.version })
    .from(fundProspectuses)
    .where(and(eq(fundProspectuses.fundId, funds.id), lte(fundProspectuses.effectiveOn, today)))
    .orderBy(desc(fundProspectuses.version))
    .limit(1);
  const confirmed = db
    .select({ one: sql`1` })
    .from(prospectusConfirmations)
    .where(
      and(
        eq(prospectusConfirmations.customerId, customers.id),
        eq(prospectusConfirmations.fundId, funds.id),
        eq(prospectusConfirmations.version, scalar<number>(prospectusVersion)),
      ),
    );
  const existing = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customers.id), eq(orders.idempotencyKey, input.idempotencyKey ?? '')));

  const query = db
    .select({
      customer: {
        id: customers.id,
        role: customers.accountRole,
        equityStatus: customers.equityStatus,
        locked: customers.locked,
        birthDate: customers.birthDate,
      },
      fund: funds,
      latestNav: scalar<{ navDate: string; nav: string } | null>(latestNav),
      holidays: scalar<string[] | null>(holidays),
      accountTypes: scalar<AccountType[]>(accounts),
      cash: scalar<string | null>(cash),
      points: scalar<string | null>(points),
      prospectusVersion: scalar<number | null>(prospectusVersion),
      prospectusConfirmed: sql<boolean>`exists (${confirmed})`,
      existingOrderId: input.idempotencyKey === null ? sql<null>`null` : scalar<string | null>(existing),
    })
    .from(customers)
    .leftJoin(funds, eq(funds.code, input.fundCode))
    .where(eq(customers.id, input.customerId));
  // named, so each connection parses and plans it once (its text depends only on these two choices)
  const name = `placement_context${input.lock ? '_locked' : ''}${input.idempotencyKey === null ? '' : '_keyed'}`;
  const [row] = await (input.lock ? query.for('no key update', { of: customers }) : query)
    .prepare(name)
    .execute();
  if (row === undefined) return undefined;
  return {
    customer: row.customer,
    existingOrderId: row.existingOrderId,
    fund: row.fund ?? undefined,
    nav:
      row.latestNav === null
        ? undefined
        : { navDate: row.latestNav.navDate as IsoDate, nav: BigInt(row.latestNav.nav) as NavPer10k },
    fundHolidays: row.holidays ?? [],
    openAccountTypes: new Set(row.accountTypes),
    cashBalance: BigInt(row.cash ?? 0),
    pointBalance: BigInt(row.points ?? 0),
    prospectus:
      row.prospectusVersion === null
        ? undefined
        : { version: row.prospectusVersion, confirmed: row.prospectusConfirmed },
  };
}
