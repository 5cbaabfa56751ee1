import {
  allocateRecurringPurchases,
  checkPurchaseAccount,
  decideNisaPurchase,
  emptyNisaUsage,
  nisaBucketOfAccountType,
  orderDatesFor,
  recordNisaPurchase,
  unitsForAmount,
  paymentStatusMachine,
  transferPurchaseOrderDate,
  yearMonthOf,
  type AccountType,
  type AccountRoleType,
  type IsoDate,
  type NavPer10k,
  type NisaInvestor,
  type NisaUsage,
  type OrderDates,
  type RecurringDestination,
  type Yen,
  type YearMonth,
} from '@fund/domain';
import {
  credit,
  customerAccounts,
  customers,
  debit,
  funds as funds_,
  orders,
  postJournalEntry,
  recurringDebits,
  recurringPurchases,
  type Fund,
  type Transaction,
} from '@fund/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.ts';
import { placeBuyOrder } from '../../modules/trading/buy-placement.ts';
import { latestNav, nisaUsageOf, tradingCalendarOf } from '../../modules/trading/trading.repository.ts';
import type { BatchStep, StepContext } from '../batch-runner.ts';
import { arrayLiteral } from '../sql-arrays.ts';
import { timeOrderedUuid } from '../time-ordered-uuid.ts';
import {
  batchOrderInstant,
  firstDayOf,
  formatJapaneseDate,
  formatYen,
  monthKey,
  postNotice,
  previousYearMonth,
} from '../batch-data.ts';

/** The months whose recurring purchase orders are placed on `date` (debit date + `lag` business days). */
export function purchaseMonthsOn(date: IsoDate, lag: number): YearMonth[] {
  const thisMonth = yearMonthOf(date);
  return [previousYearMonth(previousYearMonth(thisMonth)), previousYearMonth(thisMonth), thisMonth].filter(
    (month) => transferPurchaseOrderDate(month, lag) === date,
  );
}

const nisaAccountTypes: readonly AccountType[] = ['nisa2_tsumitate', 'nisa2_growth'];

function destinationOf(accountType: AccountType): RecurringDestination {
  if (accountType === 'nisa2_tsumitate') return 'tsumitate';
  if (accountType === 'nisa2_growth') return 'growth';
  return 'taxable';
}

/**
 * b (second half). The purchase orders of a month's received debits, `lag` business days after the debit
 * date (`transferPurchaseOrderDate`; BATCH_PURCHASE_LAG_DAYS, default 2). One item per customer and month,
 * `<customer id>:<yyyy-mm>`: the customer's plans are placed larger amounts first, each seeing the NISA
 * room the previous ones left, and a plan on つみたて投資枠 that no longer fits goes whole to 成長投資枠,
 * else to the taxable account (`allocateRecurringPurchases`). Orders go through `placeBuyOrder` (channel
 * TSUMITATE, key `tsumitate:<plan id>:<yyyy-mm>`, placed as of 09:00 JST of the date), so a rerun finds
 * them. A plan the order placement refuses (fund closed, account closed, …) gets its money back in the
 * cash balance (customer_unsettled / customer_cash), its debit marked FAILURE, and a notice.
 */
export function recurringOrdersStep(options: { lagBusinessDays: number }): BatchStep {
  return {
    name: 'recurring-orders',
    processChunk: orderChunk,
    async enumerate(db, { businessDate }) {
      const items: string[] = [];
      for (const month of purchaseMonthsOn(businessDate, options.lagBusinessDays)) {
        const rows = await db
          .selectDistinct({ customerId: recurringPurchases.customerId })
          .from(recurringDebits)
          .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
          .where(
            and(eq(recurringDebits.month, firstDayOf(month)), eq(recurringDebits.paymentStatus, 'RECEIVED')),
          );
        items.push(...rows.map((row) => `${row.customerId}:${monthKey(month)}`));
      }
      return items;
    },
    async process(tx, itemId, { businessDate, now }) {
      const [customerId = '', monthText = ''] = itemId.split(':');
      const month: YearMonth = { year: Number(monthText.slice(0, 4)), month: Number(monthText.slice(5, 7)) };
      const placedAt = batchOrderInstant(businessDate);
      const pending = await tx
        .select({ debit: recurringDebits, plan: recurringPurchases, fund: funds_ })
        .from(recurringDebits)
        .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
        .innerJoin(funds_, eq(funds_.id, recurringPurchases.fundId))
        .leftJoin(orders, eq(orders.recurringDebitId, recurringDebits.id))
        .where(
          and(
            eq(recurringPurchases.customerId, customerId),
            eq(recurringDebits.month, firstDayOf(month)),
            eq(recurringDebits.paymentStatus, 'RECEIVED'),
            isNull(orders.id),
          ),
        )
        .orderBy(sql`${recurringDebits.amount} DESC`, recurringPurchases.id);
      if (pending.length === 0) return 'nothing-to-place';
      const investor = await investorOf(tx, customerId);
      const accountTypes = new Set(
        (
          await tx
            .select({ accountType: customerAccounts.accountType })
            .from(customerAccounts)
            .where(and(eq(customerAccounts.customerId, customerId), isNull(customerAccounts.closedOn)))
        ).map((row) => row.accountType),
      );
      const taxableAccount: AccountType = accountTypes.has('specific') ? 'specific' : 'general';
      let usage = investor === undefined ? emptyNisaUsage : await nisaUsageOf(tx, customerId);
      let placed = 0;
      let refused = 0;
      for (const { debit: paid, plan, fund } of pending) {
        const calendar = await tradingCalendarOf(tx, fund, businessDate);
        const { settlementDate } = orderDatesFor(placedAt, 'BUY', calendar);
        const target = purchaseAccountOf({
          plan,
          amount: paid.amount as Yen,
          fund,
          investor,
          usage,
          settlementDate: settlementDate,
          accountTypes,
          taxableAccount,
        });
        const accountType = target.accountType;
        usage = target.usage;
        try {
          await tx.transaction((savepoint) =>
            placeBuyOrder(savepoint, {
              customerId,
              fundCode: fund.code,
              accountType,
              orderType: 'AMOUNT',
              amount: paid.amount,
              channel: 'TSUMITATE',
              recurringPurchaseId: plan.id,
              recurringDebitId: paid.id,
              paymentMethod: plan.paymentMethod,
              idempotencyKey: `tsumitate:${plan.id}:${monthKey(month)}`,
              now: placedAt,
            }),
          );
          placed += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused += 1;
          await refundDebit(tx, {
            customerId,
            debitId: paid.id,
            amount: paid.amount,
            reason: error.message,
            businessDate,
            at: now(),
          });
        }
      }
      return refused === 0 ? `placed` : placed === 0 ? 'refused' : 'partly-refused';
    },
  };
}

/** NISA eligibility inputs, or undefined when the customer has no 2024 NISA account here. */
async function investorOf(tx: Transaction, customerId: string): Promise<NisaInvestor | undefined> {
  const [customer] = await tx
    .select({ role: customers.accountRole, birthDate: customers.birthDate })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer === undefined || customer.birthDate === null) return undefined;
  const nisa = await tx
    .select({ accountType: customerAccounts.accountType })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.customerId, customerId),
        isNull(customerAccounts.closedOn),
        sql`${customerAccounts.accountType} IN ('nisa2_tsumitate', 'nisa2_growth')`,
      ),
    );
  return {
    role: customer.role,
    birthDate: customer.birthDate as IsoDate,
    // residence abroad closes the NISA account (account management's business): an open one means resident
    residentOfJapan: true,
    hasNisaAccount: nisa.length > 0,
  };
}

async function refundDebit(
  tx: Transaction,
  refund: {
    customerId: string;
    debitId: string;
    amount: bigint;
    reason: string;
    businessDate: IsoDate;
    at: Date;
  },
): Promise<void> {
  paymentStatusMachine.assertTransition('RECEIVED', 'FAILURE');
  await tx
    .update(recurringDebits)
    .set({ paymentStatus: 'FAILURE', failureReason: `買付不可: ${refund.reason}`.slice(0, 500) })
    .where(eq(recurringDebits.id, refund.debitId));
  await postJournalEntry(tx, {
    kind: 'recurring.refund',
    businessDate: refund.businessDate,
    customerId: refund.customerId,
    description: `積立の買付ができなかった代金をお預り金へ ${refund.debitId}`,
    lines: [
      debit('customer_unsettled', refund.amount, refund.customerId),
      credit('customer_cash', refund.amount, refund.customerId),
    ],
  });
  await postNotice(tx, {
    customerId: refund.customerId,
    category: 'important',
    title: '積立の買付ができませんでした',
    lines: [
      `${formatJapaneseDate(refund.businessDate)}の積立の買付ができませんでした（${refund.reason}）。`,
      `お引落しした ${formatYen(refund.amount)} はお預り金に入金しました。`,
    ],
    at: refund.at,
  });
}

type Row = Record<string, unknown>;

async function rowsOf(tx: Transaction, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
}

function parseItem(itemId: string): { customerId: string; month: YearMonth } {
  const [customerId = '', monthText = ''] = itemId.split(':');
  return { customerId, month: { year: Number(monthText.slice(0, 4)), month: Number(monthText.slice(5, 7)) } };
}

interface ChunkCustomer {
  readonly role: AccountRoleType;
  readonly equityStatus: string;
  readonly locked: boolean;
  readonly birthDate: string | null;
}

/** What `placeBuyOrder` needs of a fund on the date: its dates (once per fund) and its latest NAV. */
interface FundOnDate {
  readonly fund: Fund;
  readonly dates: OrderDates;
  readonly nav: NavPer10k | undefined;
}

/** A received debit of the month without its order yet, with what the order needs of its plan. */
interface PendingOrder {
  readonly debit: { readonly id: string; readonly amount: bigint };
  readonly plan: {
    readonly id: string;
    readonly customerId: string;
    readonly accountType: AccountType;
    readonly paymentMethod: string;
  };
  readonly fund: Fund;
}

interface OrderRow {
  readonly id: string;
  readonly customerId: string;
  readonly accountType: AccountType;
  readonly fund: Fund;
  readonly key: string;
  readonly amount: bigint;
  readonly paymentMethod: string;
  readonly nisaBucket: 'tsumitate' | 'growth' | null;
  readonly planId: string;
  readonly debitId: string;
}

/**
 * The set-based path of `recurringOrdersStep` for a chunk of items. It reads the chunk's received debits,
 * customers (locked as `placeBuyOrder` locks them), open accounts and NISA usage in a few statements,
 * computes each fund's order dates once, runs the same domain rules in memory — the step's NISA allocation
 * with overflow and every check `placeBuyOrder` makes — and writes the orders and the NISA usage with one
 * multi-row statement each. A customer any of whose plans `placeBuyOrder` would refuse is left to
 * `process`, which refunds exactly as before.
 */
async function orderChunk(
  tx: Transaction,
  itemIds: readonly string[],
  { businessDate }: StepContext,
): Promise<ReadonlyMap<string, string>> {
  const done = new Map<string, string>();
  const placedAt = batchOrderInstant(businessDate);
  const byMonth = new Map<string, { month: YearMonth; items: { itemId: string; customerId: string }[] }>();
  // a customer with two months due the same day (a rare roll-over) is left to the per-item path, which
  // takes the months one after the other
  const customerCount = new Map<string, number>();
  for (const itemId of itemIds) {
    const { customerId } = parseItem(itemId);
    customerCount.set(customerId, (customerCount.get(customerId) ?? 0) + 1);
  }
  for (const itemId of itemIds) {
    const { customerId, month } = parseItem(itemId);
    if (customerCount.get(customerId) !== 1) continue;
    const group = byMonth.get(monthKey(month)) ?? { month, items: [] };
    group.items.push({ itemId, customerId });
    byMonth.set(monthKey(month), group);
  }
  const funds = new Map<string, FundOnDate>();
  const fundOnDate = async (fund: Fund): Promise<FundOnDate> => {
    let known = funds.get(fund.id);
    if (known === undefined) {
      const calendar = await tradingCalendarOf(tx, fund, businessDate);
      const nav = await latestNav(tx, fund.id, businessDate);
      known = {
        fund,
        dates: orderDatesFor(placedAt, 'BUY', calendar),
        nav: nav?.nav as NavPer10k | undefined,
      };
      funds.set(fund.id, known);
    }
    return known;
  };
  const rows: OrderRow[] = [];
  const nisaAdds = new Map<string, { customerId: string; year: number; bucket: string; amount: bigint }>();

  for (const { month, items } of byMonth.values()) {
    const customerIds = arrayLiteral(items.map((item) => item.customerId));
    // `process`'s query for many customers, in single-table reads each on an index (a join lets the planner
    // read every debit of the month) and with only the columns the chunk needs: the customers' plans
    // (customer_id), their received debits of the month (recurring_purchase_id, month), those of the debits
    // that have an order already (partial index on orders.recurring_debit_id)
    const planRows = await rowsOf(
      tx,
      sql`SELECT id, customer_id, fund_id, account_type, payment_method FROM recurring_purchases
        WHERE customer_id = ANY(${customerIds}::uuid[])`,
    );
    const debitRows =
      planRows.length === 0
        ? []
        : await rowsOf(
            tx,
            sql`SELECT id, recurring_purchase_id, amount::text AS amount FROM recurring_debits
              WHERE recurring_purchase_id = ANY(${arrayLiteral(planRows.map((row) => String(row.id)))}::uuid[])
                AND month = ${firstDayOf(month)}::date AND payment_status = 'RECEIVED'`,
          );
    const ordered = new Set(
      debitRows.length === 0
        ? []
        : (
            await rowsOf(
              tx,
              sql`SELECT recurring_debit_id FROM orders
                WHERE recurring_debit_id = ANY(${arrayLiteral(debitRows.map((row) => String(row.id)))}::uuid[])`,
            )
          ).map((row) => String(row.recurring_debit_id)),
    );
    const planById = new Map(planRows.map((row) => [String(row.id), row]));
    const pendingRows = debitRows
      .filter((row) => !ordered.has(String(row.id)))
      .map((row) => ({ debit: row, plan: planById.get(String(row.recurring_purchase_id))! }));
    const fundIds = [...new Set(pendingRows.map(({ plan }) => String(plan.fund_id)))];
    const fundRows =
      fundIds.length === 0
        ? []
        : await tx
            .select()
            .from(funds_)
            .where(sql`${funds_.id} = ANY(${arrayLiteral(fundIds)}::uuid[])`);
    const fundById = new Map(fundRows.map((fund) => [fund.id, fund]));
    const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const pending: PendingOrder[] = pendingRows
      .map(({ debit: paid, plan }) => ({
        debit: { id: String(paid.id), amount: BigInt(String(paid.amount)) },
        plan: {
          id: String(plan.id),
          customerId: String(plan.customer_id),
          accountType: plan.account_type as AccountType,
          paymentMethod: String(plan.payment_method),
        },
        fund: fundById.get(String(plan.fund_id))!,
      }))
      // process's order: larger amounts first, then plan id (uuids compare as their hex text)
      .sort(
        (a, b) =>
          compare(a.plan.customerId, b.plan.customerId) ||
          (a.debit.amount === b.debit.amount ? 0 : a.debit.amount > b.debit.amount ? -1 : 1) ||
          compare(a.plan.id, b.plan.id),
      );
    // the customers locked in one order (placeBuyOrder's lockCustomer, FOR NO KEY UPDATE)
    const customerRows = await rowsOf(
      tx,
      sql`SELECT id, account_role, equity_status, locked, birth_date::text AS birth_date FROM customers
        WHERE id = ANY(${customerIds}::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
    );
    const customerOf = new Map<string, ChunkCustomer>(
      customerRows.map((row) => [
        String(row.id),
        {
          role: row.account_role as AccountRoleType,
          equityStatus: String(row.equity_status),
          locked: row.locked === true,
          birthDate: row.birth_date === null ? null : String(row.birth_date),
        },
      ]),
    );
    const accountRows = await rowsOf(
      tx,
      sql`SELECT customer_id, account_type FROM customer_accounts
        WHERE customer_id = ANY(${customerIds}::uuid[]) AND closed_on IS NULL`,
    );
    const accountsOf = new Map<string, Set<AccountType>>();
    for (const row of accountRows) {
      const set = accountsOf.get(String(row.customer_id)) ?? new Set<AccountType>();
      set.add(row.account_type as AccountType);
      accountsOf.set(String(row.customer_id), set);
    }
    const usageRows = await rowsOf(
      tx,
      sql`SELECT customer_id, year, bucket, purchased::text AS purchased, freed::text AS freed
        FROM nisa_usage WHERE customer_id = ANY(${customerIds}::uuid[])`,
    );
    const usageRowsOf = new Map<string, Row[]>();
    for (const row of usageRows) {
      const list = usageRowsOf.get(String(row.customer_id)) ?? [];
      list.push(row);
      usageRowsOf.set(String(row.customer_id), list);
    }
    const pendingOf = new Map<string, PendingOrder[]>();
    for (const entry of pending) {
      const list = pendingOf.get(entry.plan.customerId) ?? [];
      list.push(entry);
      pendingOf.set(entry.plan.customerId, list);
    }

    for (const { itemId, customerId } of items) {
      const own = pendingOf.get(customerId) ?? [];
      if (own.length === 0) {
        done.set(itemId, 'nothing-to-place');
        continue;
      }
      const customer = customerOf.get(customerId);
      // placeBuyOrder refuses these: `process` refunds the debit
      if (customer === undefined || customer.equityStatus !== 'OPEN' || customer.locked) continue;
      const accountTypes = accountsOf.get(customerId) ?? new Set<AccountType>();
      const investor: NisaInvestor | undefined =
        customer.birthDate === null
          ? undefined
          : {
              role: customer.role,
              birthDate: customer.birthDate as IsoDate,
              residentOfJapan: true,
              hasNisaAccount: accountTypes.has('nisa2_tsumitate') || accountTypes.has('nisa2_growth'),
            };
      const storedUsage = usageOfRows(usageRowsOf.get(customerId) ?? []);
      const taxableAccount: AccountType = accountTypes.has('specific') ? 'specific' : 'general';
      // the step's allocation usage, and the stored usage placeBuyOrder reads before each order
      let usage = investor === undefined ? emptyNisaUsage : storedUsage;
      let stored = storedUsage;
      const placed: OrderRow[] = [];
      let plain = true;
      for (const { debit: paid, plan, fund } of own) {
        const { dates, nav } = await fundOnDate(fund);
        const target = purchaseAccountOf({
          plan,
          amount: paid.amount as Yen,
          fund,
          investor,
          usage,
          settlementDate: dates.settlementDate,
          accountTypes,
          taxableAccount,
        });
        const accountType = target.accountType;
        usage = target.usage;
        const key = `tsumitate:${plan.id}:${monthKey(month)}`;
        // every check placeBuyOrder makes for a TSUMITATE AMOUNT order; a refusal goes the per-item way
        const bucket = nisaBucketOfAccountType(accountType) ?? null;
        const refused =
          nav === undefined ||
          fund.salesStatus !== 'ON_SALE' ||
          !checkPurchaseAccount(accountType, customer.role).ok ||
          !accountTypes.has(accountType) ||
          paid.amount <= 0n ||
          unitsForAmount(paid.amount as Yen, nav) <= 0n ||
          (bucket === 'growth' && !fund.growthEligible);
        if (refused) {
          plain = false;
          break;
        }
        if (bucket !== null) {
          const decision = decideNisaPurchase(
            {
              role: customer.role,
              birthDate: (customer.birthDate ?? '9999-12-31') as IsoDate,
              residentOfJapan: true,
              hasNisaAccount: true,
            },
            {
              bucket,
              kind: 'RECURRING',
              fundTsumitateEligible: fund.tsumitateEligible,
              amount: paid.amount as Yen,
              settlementDate: dates.settlementDate,
            },
            stored,
          );
          if (!decision.allowed) {
            plain = false;
            break;
          }
          stored = recordNisaPurchase(stored, {
            bucket,
            bookValue: paid.amount as Yen,
            year: decision.year,
          });
          const addKey = `${customerId} ${decision.year} ${bucket}`;
          const add = nisaAdds.get(addKey) ?? { customerId, year: decision.year, bucket, amount: 0n };
          nisaAdds.set(addKey, { ...add, amount: add.amount + paid.amount });
        }
        placed.push({
          id: timeOrderedUuid(),
          customerId,
          accountType,
          fund,
          key,
          amount: paid.amount,
          paymentMethod: plan.paymentMethod,
          nisaBucket: bucket,
          planId: plan.id,
          debitId: paid.id,
        });
      }
      if (!plain) {
        // undo this customer's NISA adds: the whole item goes through `process`
        for (const [addKey, add] of nisaAdds) if (add.customerId === customerId) nisaAdds.delete(addKey);
        continue;
      }
      rows.push(...placed);
      done.set(itemId, 'placed');
    }
  }
  if (rows.length === 0) return done;

  const column = <T>(pick: (row: OrderRow) => T) => arrayLiteral(rows.map((row) => pick(row) as never));
  const chunkFunds = [...funds.values()];
  const fundColumn = <T>(pick: (fund: FundOnDate) => T) =>
    arrayLiteral(chunkFunds.map((fund) => pick(fund) as never));
  // the orders in one statement; the dates are the fund's, joined from the chunk's few funds. An order
  // that exists already was left out above (its debit has an order); a key taken meanwhile (a concurrent
  // writer) fails the INSERT on the unique key, and the chunk goes the per-item way (no ON CONFLICT: its
  // speculative insertion costs on every row)
  await tx.execute(
    sql`INSERT INTO orders (id, customer_id, account_type, fund_id, channel, order_type, idempotency_key,
        requested_amount, requested_units, points_used, points_value, payment_method, payment_status,
        application_date, trade_date, settlement_date, cancel_deadline, nisa_bucket, nisa_amount,
        recurring_purchase_id, recurring_debit_id, created_at, updated_at)
      SELECT t.id, t.customer_id, t.account_type, t.fund_id, 'TSUMITATE', 'AMOUNT', t.idempotency_key, t.amount,
        NULL, 0, 0, t.payment_method, 'RECEIVED', f.application_date, f.trade_date, f.settlement_date,
        f.cancel_deadline, t.nisa_bucket, CASE WHEN t.nisa_bucket IS NULL THEN 0 ELSE t.amount END, t.plan_id,
        t.debit_id, ${placedAt}::timestamptz, ${placedAt}::timestamptz
      FROM unnest(${column((row) => row.id)}::uuid[], ${column((row) => row.customerId)}::uuid[],
          ${column((row) => row.accountType)}::account_type[], ${column((row) => row.fund.id)}::uuid[],
          ${column((row) => row.key)}::text[], ${column((row) => row.amount)}::bigint[],
          ${column((row) => row.paymentMethod)}::payment_method[], ${column((row) => row.nisaBucket)}::nisa_bucket[],
          ${column((row) => row.planId)}::uuid[], ${column((row) => row.debitId)}::uuid[])
        WITH ORDINALITY AS t(id, customer_id, account_type, fund_id, idempotency_key, amount, payment_method,
          nisa_bucket, plan_id, debit_id, k)
      JOIN unnest(${fundColumn((fund) => fund.fund.id)}::uuid[], ${fundColumn((fund) => fund.dates.applicationDate)}::date[],
          ${fundColumn((fund) => fund.dates.tradeDate)}::date[], ${fundColumn((fund) => fund.dates.settlementDate)}::date[],
          ${fundColumn((fund) => fund.dates.cancelDeadline.toISOString())}::timestamptz[])
        AS f(fund_id, application_date, trade_date, settlement_date, cancel_deadline)
        USING (fund_id)
      ORDER BY t.k`,
  );
  if (nisaAdds.size > 0) {
    const adds = [...nisaAdds.values()];
    await tx.execute(sql`INSERT INTO nisa_usage (customer_id, year, bucket, purchased)
      SELECT customer_id, year, bucket, amount
      FROM unnest(${arrayLiteral(adds.map((add) => add.customerId))}::uuid[],
        ${arrayLiteral(adds.map((add) => add.year))}::smallint[],
        ${arrayLiteral(adds.map((add) => add.bucket))}::nisa_bucket[],
        ${arrayLiteral(adds.map((add) => add.amount))}::bigint[]) AS t(customer_id, year, bucket, amount)
      ON CONFLICT (customer_id, year, bucket)
      DO UPDATE SET purchased = nisa_usage.purchased + excluded.purchased, updated_at = now()`);
  }
  return done;
}

/** `nisaUsageOf` of the trading repository, from rows already read. */
function usageOfRows(rows: readonly Row[]): NisaUsage {
  const years = [...new Set(rows.map((row) => Number(row.year)))].sort((a, b) => a - b);
  const amount = (year: number, bucket: string, column: 'purchased' | 'freed') => {
    const row = rows.find((candidate) => Number(candidate.year) === year && candidate.bucket === bucket);
    return (row === undefined ? 0n : BigInt(String(row[column]))) as Yen;
  };
  return {
    purchases: years.map((year) => ({
      year,
      tsumitate: amount(year, 'tsumitate', 'purchased'),
      growth: amount(year, 'growth', 'purchased'),
    })),
    sales: years.map((year) => ({
      year,
      tsumitate: amount(year, 'tsumitate', 'freed'),
      growth: amount(year, 'growth', 'freed'),
    })),
  };
}

/**
 * Where a 積立 order of a NISA plan goes (domain.md §5 overflow: つみたて → 成長 → taxable), and the NISA
 * usage after it; a plan on a taxable account stays there. An account the customer does not have falls
 * back to the taxable one.
 */
function purchaseAccountOf(input: {
  readonly plan: { readonly id: string; readonly accountType: AccountType };
  readonly amount: Yen;
  readonly fund: { readonly tsumitateEligible: boolean };
  readonly investor: Parameters<typeof allocateRecurringPurchases>[0] | undefined;
  readonly usage: Parameters<typeof allocateRecurringPurchases>[2];
  readonly settlementDate: Parameters<typeof allocateRecurringPurchases>[3];
  readonly accountTypes: ReadonlySet<AccountType>;
  readonly taxableAccount: AccountType;
}): { accountType: AccountType; usage: Parameters<typeof allocateRecurringPurchases>[2] } {
  const { plan, investor, usage, accountTypes, taxableAccount } = input;
  if (!nisaAccountTypes.includes(plan.accountType)) return { accountType: plan.accountType, usage };
  const allocation =
    investor === undefined
      ? undefined
      : allocateRecurringPurchases(
          investor,
          [
            {
              planId: plan.id,
              amount: input.amount,
              destination: destinationOf(plan.accountType),
              fundTsumitateEligible: input.fund.tsumitateEligible,
            },
          ],
          usage,
          input.settlementDate,
        );
  const destination = allocation?.allocations[0]?.destination ?? 'taxable';
  const allocated: AccountType =
    destination === 'tsumitate'
      ? 'nisa2_tsumitate'
      : destination === 'growth'
        ? 'nisa2_growth'
        : taxableAccount;
  return {
    accountType: accountTypes.has(allocated) ? allocated : taxableAccount,
    usage: allocation?.usage ?? usage,
  };
}
