import {
  paymentStatusMachine,
  recordDebitOutcome,
  recurringAmountForMonth,
  recurringPlanRules,
  tradingStandingRefusal,
  transferDebitDate,
  yearMonthOf,
  type EquityStatusType,
  type IsoDate,
  type PaymentStatusType,
  type RecurringPlanTerms,
  type Yen,
  type YearMonth,
} from '@fund/domain';
import {
  credit,
  customers,
  debit,
  postJournalEntry,
  recurringDebits,
  recurringPurchases,
  type RecurringPurchase,
  type Transaction,
} from '@fund/db';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { listActivePlansStartedBy } from '../../modules/plans/plans.repository.ts';
import type { BatchStep, StepContext } from '../batch-runner.ts';
import { arrayLiteral } from '../sql-arrays.ts';
import { timeOrderedUuid } from '../time-ordered-uuid.ts';
import { creditCardChargePoints, customersEarningCardPoints, type CardCharge } from './card-points.ts';
import {
  firstDayOf,
  formatJapaneseDate,
  formatYen,
  monthKey,
  postNotice,
  previousYearMonth,
  skipForTradingStanding,
} from '../batch-data.ts';

/** Decides whether a customer's debit fails (the bank's answer); undefined = it succeeds. */
export type DebitFailureRule = (customer: { accountNumber: string; email: string }) => string | undefined;

/**
 * The demo's stand-in for the bank's answer: customers whose e-mail local part contains `+debitfail`
 * (e.g. `taro+debitfail@example.jp`) have no funds, so every 口座振替 of theirs fails (残高不足).
 */
export const demoDebitFailureRule: DebitFailureRule = (customer) =>
  customer.email.split('@')[0]?.includes('+debitfail') === true ? '残高不足' : undefined;

/** Debits never fail: production until the bank's result file is imported (an open point). */
export const noDebitFailures: DebitFailureRule = () => undefined;

/** The months whose debit date is `date` (the 27th or the next business day; it can roll into the next month). */
export function debitMonthsOn(date: IsoDate): YearMonth[] {
  const thisMonth = yearMonthOf(date);
  return [previousYearMonth(thisMonth), thisMonth].filter((month) => transferDebitDate(month) === date);
}

function termsOf(plan: RecurringPurchase): RecurringPlanTerms {
  return {
    amount: plan.amount as Yen,
    bonus:
      plan.bonusAmount === null || plan.bonusMonths.length === 0
        ? undefined
        : { months: plan.bonusMonths, amount: plan.bonusAmount as Yen },
    paymentMethod: plan.paymentMethod,
  };
}

function statusPath(...path: PaymentStatusType[]): PaymentStatusType {
  for (let index = 1; index < path.length; index += 1)
    paymentStatusMachine.assertTransition(path[index - 1]!, path[index]!);
  return path.at(-1)!;
}

/**
 * Applies a plan change waiting for the month (ScheduledBuyBatchFlagType): `update` takes the pending
 * terms, `cancel` ends the plan, `create` just starts it. Returns the plan as it is for the month.
 */
async function applyPendingChange(tx: Transaction, plan: RecurringPurchase, month: YearMonth) {
  if (
    plan.batchFlag === null ||
    plan.batchAppliesFrom === null ||
    plan.batchAppliesFrom > firstDayOf(month)
  ) {
    return plan;
  }
  const cleared = {
    batchFlag: null,
    batchAppliesFrom: null,
    pendingAmount: null,
    pendingBonusMonths: null,
    pendingBonusAmount: null,
    pendingPaymentMethod: null,
  };
  const change =
    plan.batchFlag === 'cancel'
      ? { ...cleared, status: 'CANCELED' as const }
      : plan.batchFlag === 'update'
        ? {
            ...cleared,
            amount: plan.pendingAmount ?? plan.amount,
            bonusMonths: plan.pendingBonusMonths ?? plan.bonusMonths,
            bonusAmount:
              plan.pendingBonusMonths === null ? plan.bonusAmount : (plan.pendingBonusAmount ?? null),
            paymentMethod: plan.pendingPaymentMethod ?? plan.paymentMethod,
          }
        : cleared;
  const [updated] = await tx
    .update(recurringPurchases)
    .set(change)
    .where(eq(recurringPurchases.id, plan.id))
    .returning();
  return updated!;
}

/**
 * b. Recurring debits (口座振替, and card charges) for a month, on its debit date (the 27th or the next
 * business day). One item per customer and month, `<customer id>:<yyyy-mm>`, so that the customer's plans
 * are taken together, larger amounts first, and the card limit (100,000 yen a month, bonus included) is
 * checked over all of them. Per plan and month one `recurring_debits` row (unique), so a rerun never
 * debits twice:
 * - success: NONE → PROCESSING → RECEIVED; the purchase order follows (recurring-orders step), which moves
 *   it to SUCCESS when it settles. The customer's debits of the month are posted as one journal entry,
 *   bank_clearing / customer_unsettled for their total, its description naming each plan (decision 008:
 *   one entry per customer and month rather than per plan halves the ledger rows of the monthly run);
 * - failure: PROCESSING → FAILURE with the reason; a transfer plan's failures in a row are counted
 *   (`recordDebitOutcome`) and the third suspends the plan, with an important notice. A card charge over the
 *   monthly limit fails for the month without counting.
 * A customer whose account is locked, closed or not opened is not debited (`skipped-account-…`, issue 13).
 * Card plans are charged on the same date: the card cycle (closes the 10th) only decides from which month a
 * switch to the card applies, which `paymentMethodChangeEffectiveMonth` settles when the plan is changed.
 * A card charge that goes through earns points when the customer's linked card earns them (card-points.ts).
 */
export function recurringDebitsStep(options: { failureRule: DebitFailureRule }): BatchStep {
  return {
    name: 'recurring-debits',
    processChunk: (tx, itemIds, context) => debitChunk(tx, itemIds, context, options.failureRule),
    async enumerate(db, { businessDate }) {
      const items: string[] = [];
      for (const month of debitMonthsOn(businessDate)) {
        const rows = await db
          .selectDistinct({ customerId: recurringPurchases.customerId })
          .from(recurringPurchases)
          .where(
            and(
              eq(recurringPurchases.status, 'ACTIVE'),
              lte(recurringPurchases.startMonth, firstDayOf(month)),
            ),
          );
        items.push(...rows.map((row) => `${row.customerId}:${monthKey(month)}`));
      }
      return items;
    },
    async process(tx, itemId, { businessDate, now }) {
      const [customerId = '', monthText = ''] = itemId.split(':');
      const month: YearMonth = { year: Number(monthText.slice(0, 4)), month: Number(monthText.slice(5, 7)) };
      const [customer] = await tx
        .select({ accountNumber: customers.accountNumber, email: customers.email })
        .from(customers)
        .where(eq(customers.id, customerId));
      if (customer === undefined) throw new Error(`No customer ${customerId}`);
      // a locked, closed or unopened account is not debited: its plans wait (issue 13)
      const skip = await skipForTradingStanding(tx, customerId);
      if (skip !== undefined) return skip;
      const locked = await listActivePlansStartedBy(tx, customerId, firstDayOf(month), {
        lockForUpdate: true,
      });
      const plans: RecurringPurchase[] = [];
      for (const plan of locked) {
        const current = await applyPendingChange(tx, plan, month);
        if (current.status === 'ACTIVE') plans.push(current);
      }
      if (plans.length === 0) return 'nothing-to-debit';
      const existing = await tx
        .select()
        .from(recurringDebits)
        .where(
          and(
            inArray(
              recurringDebits.recurringPurchaseId,
              plans.map((plan) => plan.id),
            ),
            eq(recurringDebits.month, firstDayOf(month)),
          ),
        );
      const done = new Set(existing.map((row) => row.recurringPurchaseId));
      const paymentMethodOf = new Map(plans.map((plan) => [plan.id, plan.paymentMethod]));
      let cardTotal = existing
        .filter(
          (row) =>
            paymentMethodOf.get(row.recurringPurchaseId) === 'CREDIT_CARD' && row.paymentStatus !== 'FAILURE',
        )
        .reduce((sum, row) => sum + row.amount, 0n);
      const withAmounts = plans
        .map((plan, index) => ({ plan, index, amount: recurringAmountForMonth(termsOf(plan), month.month) }))
        .sort((a, b) => (a.amount === b.amount ? a.index - b.index : a.amount > b.amount ? -1 : 1));
      let failed = 0;
      const debited: Debited[] = [];
      const cardCharges: CardCharge[] = [];
      for (const { plan, amount } of withAmounts) {
        if (done.has(plan.id)) continue;
        let failure: string | undefined = options.failureRule(customer);
        if (failure === undefined && plan.paymentMethod === 'CREDIT_CARD') {
          if (cardTotal + amount > recurringPlanRules.cardMonthlyLimit) failure = 'カード利用上限超過';
          else cardTotal += amount;
        }
        const status = statusPath('NONE', 'PROCESSING', failure === undefined ? 'RECEIVED' : 'FAILURE');
        const [debitRow] = await tx
          .insert(recurringDebits)
          .values({
            recurringPurchaseId: plan.id,
            month: firstDayOf(month),
            debitDate: businessDate,
            amount,
            paymentStatus: status,
            failureReason: failure ?? null,
          })
          .returning({ id: recurringDebits.id });
        const what = debitMethodName(plan);
        if (failure === undefined) {
          debited.push({ plan, amount });
          if (plan.paymentMethod === 'CREDIT_CARD')
            cardCharges.push({ recurringDebitId: debitRow!.id, amount });
          if (plan.consecutiveDebitFailures !== 0) {
            await tx
              .update(recurringPurchases)
              .set({ consecutiveDebitFailures: 0 })
              .where(eq(recurringPurchases.id, plan.id));
          }
          continue;
        }
        failed += 1;
        const counts = plan.paymentMethod === 'ACCOUNT_TRANSFER';
        const state = counts
          ? recordDebitOutcome(plan.consecutiveDebitFailures, 'FAILURE')
          : { consecutiveFailures: plan.consecutiveDebitFailures, suspend: false };
        await tx
          .update(recurringPurchases)
          .set({
            consecutiveDebitFailures: Math.min(state.consecutiveFailures, 3),
            ...(state.suspend ? { status: 'SUSPENDED' as const } : {}),
          })
          .where(eq(recurringPurchases.id, plan.id));
        await postNotice(tx, {
          customerId,
          category: state.suspend ? 'important' : 'others',
          title: state.suspend ? '積立の停止のお知らせ' : `積立の${what}ができませんでした`,
          lines: [
            `${formatJapaneseDate(businessDate)}の積立（${formatYen(amount)}）の${what}ができませんでした（${failure}）。`,
            ...(state.suspend
              ? ['3か月連続で口座振替ができなかったため、この積立を停止しました。再開はお手続きください。']
              : counts
                ? [
                    `連続${state.consecutiveFailures}回目です。3回連続で振替できない場合、積立は停止されます。`,
                  ]
                : []),
          ],
          at: now(),
        });
      }
      if (debited.length > 0) {
        const total = debited.reduce((sum, { amount }) => sum + amount, 0n);
        await postJournalEntry(tx, {
          kind: 'recurring.debit',
          businessDate,
          customerId,
          description: debitEntryDescription(debited, month),
          lines: [debit('bank_clearing', total), credit('customer_unsettled', total, customerId)],
        });
      }
      // points for the card charges (decision 018), when the customer's linked card earns them
      if (
        cardCharges.length > 0 &&
        (await customersEarningCardPoints(tx, [customerId], businessDate)).has(customerId)
      ) {
        await creditCardChargePoints(tx, { customerId, charges: cardCharges, businessDate, at: now() });
      }
      const received = debited.length;
      return failed === 0
        ? received === 0
          ? 'nothing-to-debit'
          : 'debited'
        : received === 0
          ? 'failed'
          : 'partly-failed';
    },
  };
}

interface Debited {
  readonly plan: Pick<RecurringPurchase, 'id' | 'paymentMethod'>;
  readonly amount: bigint;
}

function debitMethodName(plan: Pick<RecurringPurchase, 'paymentMethod'>): string {
  return plan.paymentMethod === 'CREDIT_CARD' ? 'クレジットカード決済' : '口座振替';
}

/** `積立 口座振替 <plan id> 2026-10`, the plans in the order they were debited when there are several. */
function debitEntryDescription(debited: readonly Debited[], month: YearMonth): string {
  const plans = debited.map(({ plan }) => `${debitMethodName(plan)} ${plan.id}`).join('、');
  return `積立 ${plans} ${monthKey(month)}`;
}

function parseItem(itemId: string): { customerId: string; month: YearMonth } {
  const [customerId = '', monthText = ''] = itemId.split(':');
  return { customerId, month: { year: Number(monthText.slice(0, 4)), month: Number(monthText.slice(5, 7)) } };
}

type Row = Record<string, unknown>;

async function rowsOf(tx: Transaction, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * The set-based path of `recurringDebitsStep` for a chunk of items: the plans of all the chunk's customers
 * are read and locked in one statement, the debits computed in memory with the same domain rules, and
 * written with three statements: the recurring_debits rows, then one journal entry per month of the chunk
 * and its lines — the bank's one collection for the chunk's debits (bank_clearing, their total) against
 * each customer's total (customer_unsettled); decision 008. It does the plain case — every due plan is
 * debited successfully, no pending change to apply, no failure streak to reset — as `process` would (the
 * same debits, balances and credits per customer); a customer with anything else
 * (a pending change, a failing debit, a card over its limit, a streak to reset) is left to `process`,
 * which the runner calls for the items not returned here, in the same transaction.
 */
async function debitChunk(
  tx: Transaction,
  itemIds: readonly string[],
  { businessDate }: StepContext,
  failureRule: DebitFailureRule,
): Promise<ReadonlyMap<string, string>> {
  const done = new Map<string, string>();
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
    const key = monthKey(month);
    const group = byMonth.get(key) ?? { month, items: [] };
    group.items.push({ itemId, customerId });
    byMonth.set(key, group);
  }
  const debitRows: { id: string; planId: string; month: string; amount: bigint }[] = [];
  /** One journal entry per month: a line per customer (the total of the customer's debits). */
  const entries: { id: string; month: YearMonth; credits: { customerId: string; amount: bigint }[] }[] = [];
  for (const { month, items } of byMonth.values()) {
    const monthStart = firstDayOf(month);
    const credits: { customerId: string; amount: bigint }[] = [];
    entries.push({ id: timeOrderedUuid(), month, credits });
    const customerIds = arrayLiteral(items.map((item) => item.customerId));
    const customerRows = await rowsOf(
      tx,
      sql`SELECT id, account_number, email, equity_status, locked FROM customers
        WHERE id = ANY(${customerIds}::uuid[])`,
    );
    const customerOf = new Map(
      customerRows.map((row) => [
        String(row.id),
        {
          accountNumber: String(row.account_number),
          email: String(row.email),
          refusal: tradingStandingRefusal({
            equityStatus: row.equity_status as EquityStatusType,
            locked: row.locked === true,
          }),
        },
      ]),
    );
    // the same rows, order and lock as `process` takes per customer
    const plans = await tx
      .select()
      .from(recurringPurchases)
      .where(
        and(
          sql`${recurringPurchases.customerId} = ANY(${customerIds}::uuid[])`,
          eq(recurringPurchases.status, 'ACTIVE'),
          lte(recurringPurchases.startMonth, monthStart),
        ),
      )
      .orderBy(asc(recurringPurchases.id))
      .for('update');
    const existing =
      plans.length === 0
        ? []
        : await tx
            .select()
            .from(recurringDebits)
            .where(
              and(
                sql`${recurringDebits.recurringPurchaseId} = ANY(${arrayLiteral(plans.map((plan) => plan.id))}::uuid[])`,
                eq(recurringDebits.month, monthStart),
              ),
            );
    const plansOf = new Map<string, RecurringPurchase[]>();
    for (const plan of plans) {
      const list = plansOf.get(plan.customerId) ?? [];
      list.push(plan);
      plansOf.set(plan.customerId, list);
    }
    const existingOf = new Map(existing.map((row) => [row.recurringPurchaseId, row]));
    // a customer whose card 積立 earns points is left to `process`, which credits them with the debit
    const earning = await customersEarningCardPoints(
      tx,
      [
        ...new Set(
          plans.filter((plan) => plan.paymentMethod === 'CREDIT_CARD').map((plan) => plan.customerId),
        ),
      ],
      businessDate,
    );
    for (const { itemId, customerId } of items) {
      const customer = customerOf.get(customerId);
      if (customer === undefined) continue; // `process` reports it
      if (customer.refusal !== undefined) {
        done.set(itemId, `skipped-${customer.refusal}`);
        continue;
      }
      const own = plansOf.get(customerId) ?? [];
      const pendingChange = own.some(
        (plan) =>
          plan.batchFlag !== null && plan.batchAppliesFrom !== null && plan.batchAppliesFrom <= monthStart,
      );
      if (pendingChange || earning.has(customerId)) continue;
      if (own.length === 0) {
        done.set(itemId, 'nothing-to-debit');
        continue;
      }
      const paymentMethodOf = new Map(own.map((plan) => [plan.id, plan.paymentMethod]));
      let cardTotal = own
        .map((plan) => existingOf.get(plan.id))
        .filter(
          (row) =>
            row !== undefined &&
            paymentMethodOf.get(row.recurringPurchaseId) === 'CREDIT_CARD' &&
            row.paymentStatus !== 'FAILURE',
        )
        .reduce((sum, row) => sum + row!.amount, 0n);
      const ordered = own
        .map((plan, index) => ({ plan, index, amount: recurringAmountForMonth(termsOf(plan), month.month) }))
        .sort((a, b) => (a.amount === b.amount ? a.index - b.index : a.amount > b.amount ? -1 : 1))
        .filter(({ plan }) => !existingOf.has(plan.id));
      if (ordered.length === 0) {
        done.set(itemId, 'nothing-to-debit');
        continue;
      }
      if (failureRule(customer) !== undefined) continue;
      let plain = true;
      for (const { plan, amount } of ordered) {
        if (plan.consecutiveDebitFailures !== 0) plain = false;
        if (plan.paymentMethod === 'CREDIT_CARD') {
          if (cardTotal + amount > recurringPlanRules.cardMonthlyLimit) plain = false;
          else cardTotal += amount;
        }
      }
      if (!plain) continue;
      statusPath('NONE', 'PROCESSING', 'RECEIVED');
      for (const { plan, amount } of ordered) {
        debitRows.push({ id: timeOrderedUuid(), planId: plan.id, month: monthStart, amount });
      }
      credits.push({ customerId, amount: ordered.reduce((sum, { amount }) => sum + amount, 0n) });
      done.set(itemId, 'debited');
    }
  }
  if (debitRows.length === 0) return done;
  // the ids are time-ordered (timeOrderedUuid): the chunk's rows go to the right edge of the key indexes
  await tx.execute(sql`INSERT INTO recurring_debits (id, recurring_purchase_id, month, debit_date, amount,
      payment_status)
    SELECT id, plan_id, month, ${businessDate}::date, amount, 'RECEIVED'
    FROM unnest(${arrayLiteral(debitRows.map((row) => row.id))}::uuid[],
      ${arrayLiteral(debitRows.map((row) => row.planId))}::uuid[],
      ${arrayLiteral(debitRows.map((row) => row.month))}::date[],
      ${arrayLiteral(debitRows.map((row) => row.amount))}::bigint[]) AS t(id, plan_id, month, amount)`);
  const collected = entries.filter((entry) => entry.credits.length > 0);
  await tx.execute(sql`INSERT INTO journal_entries (id, kind, business_date, description)
    SELECT id, 'recurring.debit', ${businessDate}::date, description
    FROM unnest(${arrayLiteral(collected.map((entry) => entry.id))}::uuid[],
      ${arrayLiteral(collected.map((entry) => `積立 口座振替 ${monthKey(entry.month)} ${entry.credits.length}件`))}::text[])
      AS t(id, description)`);
  // every line of the entries in one INSERT (the ledger triggers check and post them per statement,
  // migration 0006): each entry's bank_clearing debit, then its customers' credits
  const lines = collected.flatMap((entry) => [
    {
      entryId: entry.id,
      customerId: null,
      amount: entry.credits.reduce((sum, credit) => sum + credit.amount, 0n),
    },
    ...entry.credits.map((credit) => ({
      entryId: entry.id,
      customerId: credit.customerId,
      amount: -credit.amount,
    })),
  ]);
  await tx.execute(sql`INSERT INTO journal_lines (id, entry_id, account, customer_id, amount)
    SELECT id, entry_id, CASE WHEN customer_id IS NULL THEN 'bank_clearing' ELSE 'customer_unsettled' END::ledger_account,
      customer_id, amount
    FROM unnest(${arrayLiteral(lines.map(() => timeOrderedUuid()))}::uuid[],
      ${arrayLiteral(lines.map((line) => line.entryId))}::uuid[],
      ${arrayLiteral(lines.map((line) => line.customerId))}::uuid[],
      ${arrayLiteral(lines.map((line) => line.amount))}::bigint[]) WITH ORDINALITY AS t(id, entry_id, customer_id, amount, k)
    ORDER BY k`);
  return done;
}
