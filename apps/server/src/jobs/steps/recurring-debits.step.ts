import {
  cardChargeRefusal,
  recurringPlanRules,
  transferDebitDate,
  yearMonthOf,
  type IsoDate,
  type YearMonth,
} from '@fund/domain';
import { credit, debit, postJournalEntry, type RecurringPurchase, type Transaction } from '@fund/db';
import { changeRecurringPurchase, listActivePlansStartedBy } from '../../modules/plans/plans.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import { creditCardChargePoints, customersEarningCardPoints, type CardCharge } from './card-points.ts';
import { customerMonthItem, parseCustomerMonthItem } from './customer-month-items.ts';
import { cardRefusalReasons, recordFailedDebit } from './recurring-debit-failure.ts';
import {
  bankAccountMissingReason,
  cardChargedAlready,
  debitEntryDescription,
  debitsInOrder,
  statusPath,
  type DebitFailureRule,
  type Debited,
} from './recurring-debit-rules.ts';
import { debitChunk } from './recurring-debits-chunk.ts';
import {
  customersWithBankAccount,
  customersWithPlansDue,
  debitedCustomer,
  debitsOfMonth,
  insertDebit,
  linkedCardsOf,
  resetDebitFailures,
  type DebitCard,
} from './recurring-debits.repository.ts';
import { firstDayOf, previousYearMonth } from '../batch-data.ts';
import { skipForTradingStanding } from '../batch-data.repository.ts';

export type { DebitFailureRule } from './recurring-debit-rules.ts';

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
  return changeRecurringPurchase(tx, plan.id, change);
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
 * - failure: PROCESSING → FAILURE with the reason (the bank's answer, or no bank account registered on the
 *   debit date: decision 035); a transfer plan's failures in a row are counted
 *   (`recordDebitOutcome`) and the third suspends the plan, with an important notice. A card charge over the
 *   monthly limit, or to no linked card or an expired one (`cardChargeRefusal`), fails for the month
 *   without counting.
 * A customer whose account is locked, closed or not opened is not debited (`skipped-account-…`, issue 13).
 * Card plans are charged on the same date: the card cycle (closes the 10th) only decides from which month a
 * switch to the card applies, which `paymentMethodChangeEffectiveMonth` settles when the plan is changed.
 * A card charge that goes through earns points when the customer's linked card earns them (card-points.ts).
 */
export const recurringDebitsStep: BatchStep = {
  name: 'recurring-debits',
  processChunk: debitChunk,
  async enumerate(db, { businessDate }) {
    const items: string[] = [];
    for (const month of debitMonthsOn(businessDate)) {
      const customerIds = await customersWithPlansDue(db, month);
      items.push(...customerIds.map((customerId) => customerMonthItem(customerId, month)));
    }
    return items;
  },
  async process(tx, itemId, { businessDate, now, settings }) {
    const { customerId, month } = parseCustomerMonthItem(itemId);
    const customer = await debitedCustomer(tx, customerId);
    if (customer === undefined) throw new Error(`No customer ${customerId}`);
    // a locked, closed or unopened account is not debited: its plans wait (issue 13)
    const skip = await skipForTradingStanding(tx, customerId);
    if (skip !== undefined) return skip;
    const locked = await listActivePlansStartedBy(tx, [customerId], firstDayOf(month), {
      lockForUpdate: true,
    });
    const plans: RecurringPurchase[] = [];
    for (const plan of locked) {
      const current = await applyPendingChange(tx, plan, month);
      if (current.status === 'ACTIVE') plans.push(current);
    }
    if (plans.length === 0) return 'nothing-to-debit';
    const existing = await debitsOfMonth(
      tx,
      plans.map((plan) => plan.id),
      firstDayOf(month),
    );
    const done = new Set(existing.map((row) => row.recurringPurchaseId));
    let cardTotal = cardChargedAlready(plans, existing);
    const cards = plans.some((plan) => plan.paymentMethod === 'CREDIT_CARD')
      ? await linkedCardsOf(tx, [customerId])
      : new Map<string, DebitCard>();
    const cardRefusal = cardChargeRefusal(cards.get(customerId), businessDate);
    // a 口座振替 needs the bank account on the debit date: without one it fails (decision 035)
    const bankAccount = plans.some((plan) => plan.paymentMethod === 'ACCOUNT_TRANSFER')
      ? (await customersWithBankAccount(tx, [customerId])).has(customerId)
      : false;
    const withAmounts = debitsInOrder(plans, month);
    let failed = 0;
    const debited: Debited[] = [];
    const cardCharges: CardCharge[] = [];
    for (const { plan, amount } of withAmounts) {
      if (done.has(plan.id)) continue;
      let failure: string | undefined =
        plan.paymentMethod === 'ACCOUNT_TRANSFER' && !bankAccount
          ? bankAccountMissingReason
          : settings.debitFailureRule(customer);
      if (failure === undefined && plan.paymentMethod === 'CREDIT_CARD') {
        if (cardRefusal !== undefined) failure = cardRefusalReasons[cardRefusal];
        else if (cardTotal + amount > recurringPlanRules.cardMonthlyLimit) failure = 'カード利用上限超過';
        else cardTotal += amount;
      }
      const status = statusPath('NONE', 'PROCESSING', failure === undefined ? 'RECEIVED' : 'FAILURE');
      const debitId = await insertDebit(tx, {
        recurringPurchaseId: plan.id,
        month: firstDayOf(month),
        debitDate: businessDate,
        amount,
        paymentStatus: status,
        failureReason: failure ?? null,
      });
      if (failure === undefined) {
        debited.push({ plan, amount });
        if (plan.paymentMethod === 'CREDIT_CARD') cardCharges.push({ recurringDebitId: debitId, amount });
        if (plan.consecutiveDebitFailures !== 0) await resetDebitFailures(tx, plan.id);
        continue;
      }
      failed += 1;
      await recordFailedDebit(tx, { customerId, plan, amount, failure, businessDate, now });
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
    if (cardCharges.length > 0 && customersEarningCardPoints(cards, businessDate).has(customerId)) {
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
