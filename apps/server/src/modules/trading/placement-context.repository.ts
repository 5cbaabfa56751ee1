import {
  aliasedColumns,
  customerAccounts,
  customerBalances,
  customers,
  fundHolidays,
  fundNavs,
  fundProspectuses,
  funds,
  holdings,
  idempotencyRecords,
  namedStatement,
  orders,
  linkedCards,
  pointBalances,
  prospectusConfirmations,
  rowOfAliased,
  runNamedStatement,
  statementBatcherPerDatabase,
  type AccountRole,
  type Database,
  type DatabaseExecutor,
  type EquityStatus,
  type Fund,
  type Transaction,
} from '@fund/db';
import type { CreditCardState } from '@fund/contracts';
import type { AccountType, IsoDate, NavPer10k } from '@fund/domain';
import { sql } from 'drizzle-orm';
import type { StoredAnswer } from '../../idempotency/idempotency.ts';
import type { TradingCustomer } from './trading.repository.ts';

/** Everything an order placement reads before it decides, as one statement reads it. */
export interface PlacementContext {
  readonly customer: TradingCustomer;
  /** The order the customer already placed with this order key, if any (its id). */
  readonly existingOrderId: string | null;
  /** The idempotency record of the request key, if one was asked for and exists. */
  readonly storedRequest: StoredAnswer | null;
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
  /** The card linked through the issuer: whether points may be used depends on it (decision 018). */
  readonly linkedCard: { readonly state: CreditCardState; readonly expiry: string } | undefined;
  /** The prospectus version in force today, and whether the customer confirmed it. */
  readonly prospectus: { readonly version: number; readonly confirmed: boolean } | undefined;
  /** The customer's holding of the fund in the order's account (what a sell decides on). */
  readonly holding:
    { readonly units: bigint; readonly reservedUnits: bigint; readonly costBasisPer10k: bigint } | undefined;
}

interface ContextRow extends Record<string, unknown> {
  readonly n: number;
  readonly customer_id: string;
  readonly account_role: AccountRole;
  readonly equity_status: EquityStatus;
  readonly locked: boolean;
  readonly birth_date: string | null;
  readonly latest_nav: { navDate: string; nav: string } | null;
  readonly holidays: string[];
  readonly account_types: AccountType[];
  readonly cash: string | null;
  readonly points: string | null;
  readonly card: { state: CreditCardState; expiry: string } | null;
  readonly prospectus_version: number | null;
  readonly prospectus_confirmed: boolean;
  readonly existing_order_id: string | null;
  readonly stored_request: StoredAnswer | null;
  readonly holding: { units: string; reservedUnits: string; costBasisPer10k: string } | null;
}

/**
 * The calls a statement reads for, one row each, from a JSON array (`request.n`: the call's place, from
 * 1). JSON rather than arrays: its row estimate does not depend on the values, so the plan made once per
 * connection serves every call (an array's length would have every call planned anew).
 */
const requests = sql`jsonb_to_recordset(${sql.placeholder('requests')}::jsonb) AS request(n integer,
    customer_id uuid, fund_code text, account_type account_type, today date, clock_time time, order_key text,
    request_key text)`;
const prospectusInForce = sql`(SELECT ${fundProspectuses.version} FROM ${fundProspectuses}
  WHERE ${fundProspectuses.fundId} = ${funds.id} AND ${fundProspectuses.effectiveOn} <= request.today
  ORDER BY ${fundProspectuses.version} DESC LIMIT 1)`;

function contextStatement(name: string, lock: boolean) {
  return namedStatement<ContextRow>(
    name,
    sql`SELECT request.n, ${customers.id} AS customer_id, ${customers.accountRole} AS account_role,
      ${customers.equityStatus} AS equity_status, ${customers.locked} AS locked,
      ${customers.birthDate}::text AS birth_date,
      ${aliasedColumns(funds, 'fund')},
      (SELECT json_build_object('navDate', ${fundNavs.navDate}, 'nav', ${fundNavs.nav}::text) FROM ${fundNavs}
        WHERE ${fundNavs.fundId} = ${funds.id} AND ${fundNavs.navDate} <= request.today
          AND (${fundNavs.navDate} < request.today OR request.clock_time >= ${funds.cutOffTime})
        ORDER BY ${fundNavs.navDate} DESC LIMIT 1) AS latest_nav,
      (SELECT coalesce(array_agg(${fundHolidays.holiday}::text), '{}') FROM ${fundHolidays}
        WHERE ${fundHolidays.fundId} = ${funds.id} AND ${fundHolidays.holiday} >= request.today) AS holidays,
      (SELECT coalesce(array_agg(${customerAccounts.accountType}::text), '{}') FROM ${customerAccounts}
        WHERE ${customerAccounts.customerId} = ${customers.id} AND ${customerAccounts.closedOn} IS NULL)
        AS account_types,
      (SELECT ${customerBalances.balance}::text FROM ${customerBalances}
        WHERE ${customerBalances.customerId} = ${customers.id} AND ${customerBalances.account} = 'customer_cash')
        AS cash,
      (SELECT ${pointBalances.balance}::text FROM ${pointBalances}
        WHERE ${pointBalances.customerId} = ${customers.id}) AS points,
      (SELECT json_build_object('state', ${linkedCards.state}, 'expiry', ${linkedCards.expiry}) FROM ${linkedCards}
        WHERE ${linkedCards.customerId} = ${customers.id}) AS card,
      ${prospectusInForce} AS prospectus_version,
      EXISTS (SELECT 1 FROM ${prospectusConfirmations}
        WHERE ${prospectusConfirmations.customerId} = ${customers.id}
          AND ${prospectusConfirmations.fundId} = ${funds.id}
          AND ${prospectusConfirmations.version} = ${prospectusInForce}) AS prospectus_confirmed,
      (SELECT ${orders.id} FROM ${orders} WHERE ${orders.customerId} = ${customers.id}
        AND ${orders.idempotencyKey} = request.order_key) AS existing_order_id,
      (SELECT json_build_object('requestHash', ${idempotencyRecords.requestHash},
          'status', ${idempotencyRecords.responseStatus}, 'body', ${idempotencyRecords.responseBody})
        FROM ${idempotencyRecords} WHERE ${idempotencyRecords.customerId} = ${customers.id}
          AND ${idempotencyRecords.key} = request.request_key) AS stored_request,
      (SELECT json_build_object('units', ${holdings.units}::text, 'reservedUnits', ${holdings.reservedUnits}::text,
          'costBasisPer10k', ${holdings.costBasisPer10k}::text)
        FROM ${holdings} WHERE ${holdings.customerId} = ${customers.id}
          AND ${holdings.accountType} = request.account_type
          AND ${holdings.fundId} = ${funds.id}) AS holding
    FROM ${requests}
    JOIN ${customers} ON ${customers.id} = request.customer_id
    LEFT JOIN ${funds} ON ${funds.code} = request.fund_code
    ${lock ? sql`FOR NO KEY UPDATE OF ${customers}` : sql``}`,
  );
}

const lockedContext = contextStatement('placement_context_locked', true);
const unlockedContext = contextStatement('placement_context', false);

/** What one placement's read is asked for. */
export interface PlacementContextRequest {
  readonly customerId: string;
  readonly fundCode: string;
  readonly accountType: AccountType;
  readonly today: IsoDate;
  /**
   * The JST time of day of the placement (`HH:MM`): today's NAV is read only from the fund's cut-off
   * on (blind pricing, `latestPublishedNavDate` of @fund/domain).
   */
  readonly clockTime: string;
  readonly orderKey: string | null;
  readonly requestKey?: string | null;
  readonly lock: boolean;
}

/** The contexts of `requests` read by one statement, in their order (undefined: no such customer). */
async function readContexts(
  db: DatabaseExecutor,
  statement: typeof lockedContext,
  batch: readonly PlacementContextRequest[],
): Promise<(PlacementContext | undefined)[]> {
  const rows = await runNamedStatement(db, statement, {
    requests: JSON.stringify(
      batch.map((request, index) => ({
        n: index + 1,
        customer_id: request.customerId,
        fund_code: request.fundCode,
        account_type: request.accountType,
        today: request.today,
        clock_time: request.clockTime,
        order_key: request.orderKey,
        request_key: request.requestKey ?? null,
      })),
    ),
  });
  const byPlace = new Map(rows.map((row) => [row.n, contextOfRow(row)]));
  return batch.map((_, index) => byPlace.get(index + 1));
}

/** Unlocked reads on the pool share statements, as the writes of `placedOrderWriter` do. */
const contextReader = statementBatcherPerDatabase((db: Database) => ({
  maxInFlight: 1,
  maxBatch: 100,
  run: (batch: readonly PlacementContextRequest[]) => readContexts(db, unlockedContext, batch),
}));

/**
 * What a placement decides on, in one statement parsed once per connection: the customer (locked with
 * `lock`, FOR NO KEY UPDATE as `lockCustomer` does), the fund by code, its latest NAV, its holidays, the
 * customer's open accounts, balances, the prospectus in force with its confirmation, the holding in the
 * order's account, an earlier order with the order key and the request's idempotency record: placing
 * orders is the API's busiest write (performance.md: buy ≥ 0.5 × a single-row INSERT). Read in the
 * caller's transaction; undefined when the customer does not exist.
 */
export async function readPlacementContextInTransaction(
  tx: Transaction,
  request: PlacementContextRequest,
): Promise<PlacementContext | undefined> {
  const [context] = await readContexts(tx, request.lock ? lockedContext : unlockedContext, [request]);
  return context;
}

/**
 * The same read without a lock on the pool, outside a transaction: it may share its statement with
 * concurrent ones (`contextReader`).
 */
export function readSharedPlacementContext(
  db: Database,
  request: Omit<PlacementContextRequest, 'lock'>,
): Promise<PlacementContext | undefined> {
  return contextReader(db).submit({ ...request, lock: false });
}

function contextOfRow(row: ContextRow): PlacementContext {
  return {
    customer: {
      id: row.customer_id,
      role: row.account_role,
      equityStatus: row.equity_status,
      locked: row.locked,
      birthDate: row.birth_date,
    },
    existingOrderId: row.existing_order_id,
    storedRequest: row.stored_request,
    fund: rowOfAliased(funds, 'fund', row),
    nav:
      row.latest_nav === null
        ? undefined
        : { navDate: row.latest_nav.navDate as IsoDate, nav: BigInt(row.latest_nav.nav) as NavPer10k },
    fundHolidays: row.holidays,
    openAccountTypes: new Set(row.account_types),
    cashBalance: BigInt(row.cash ?? 0),
    pointBalance: BigInt(row.points ?? 0),
    linkedCard: row.card ?? undefined,
    prospectus:
      row.prospectus_version === null
        ? undefined
        : { version: row.prospectus_version, confirmed: row.prospectus_confirmed },
    holding:
      row.holding === null
        ? undefined
        : {
            units: BigInt(row.holding.units),
            reservedUnits: BigInt(row.holding.reservedUnits),
            costBasisPer10k: BigInt(row.holding.costBasisPer10k),
          },
  };
}
