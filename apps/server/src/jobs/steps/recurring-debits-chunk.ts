import { cardChargeRefusal, recurringPlanRules, tradingStandingRefusal } from '@fund/domain';
import type { RecurringPurchase, Transaction } from '@fund/db';
import { listActivePlansStartedBy } from '../../modules/plans/plans.repository.ts';
import type { StepContext } from '../batch-runner.ts';
import { timeOrderedUuid } from '../time-ordered-uuid.ts';
import { chunkItemsByMonth } from './customer-month-items.ts';
import { customersEarningCardPoints } from './card-points.ts';
import { cardChargedAlready, debitsInOrder, statusPath } from './recurring-debit-rules.ts';
import {
  customersWithBankAccount,
  debitedCustomers,
  debitsOfMonth,
  insertReceivedDebits,
  linkedCardsOf,
  postCollections,
  type MonthCollection,
} from './recurring-debits.repository.ts';
import { firstDayOf } from '../batch-data.ts';

/**
 * The set-based path of `recurringDebitsStep` for a chunk of items: the plans of all the chunk's customers
 * are read and locked in one statement, the debits computed in memory with the same domain rules, and
 * written with three statements: the recurring_debits rows, then one journal entry per month of the chunk
 * and its lines — the bank's one collection for the chunk's debits (bank_clearing, their total) against
 * each customer's total (customer_unsettled); decision 008. It does the plain case — every due plan is
 * debited successfully, no pending change to apply, no failure streak to reset — as `process` would (the
 * same debits, balances and credits per customer); a customer with anything else
 * (a pending change, a failing debit, a card over its limit or that cannot be charged, a 口座振替 without a
 * bank account, a streak to reset, card points to credit) is left to `process`,
 * which the runner calls for the items not returned here, in the same transaction.
 */
export async function debitChunk(
  tx: Transaction,
  itemIds: readonly string[],
  { businessDate, settings }: StepContext,
): Promise<ReadonlyMap<string, string>> {
  const done = new Map<string, string>();
  const debitRows: { id: string; planId: string; month: string; amount: bigint }[] = [];
  /** One journal entry per month: a line per customer (the total of the customer's debits). */
  const entries: MonthCollection[] = [];
  for (const { month, items } of chunkItemsByMonth(itemIds)) {
    const monthStart = firstDayOf(month);
    const credits: { customerId: string; amount: bigint }[] = [];
    entries.push({ id: timeOrderedUuid(), month, credits });
    const customerIds = items.map((item) => item.customerId);
    const customerOf = new Map(
      (await debitedCustomers(tx, customerIds)).map((row) => [
        row.id,
        {
          accountNumber: row.accountNumber,
          email: row.email,
          refusal: tradingStandingRefusal({ equityStatus: row.equityStatus, locked: row.locked }),
        },
      ]),
    );
    // the same statement, rows, order and lock as `process` takes per customer
    const plans = await listActivePlansStartedBy(tx, customerIds, monthStart, { lockForUpdate: true });
    const existing =
      plans.length === 0
        ? []
        : await debitsOfMonth(
            tx,
            plans.map((plan) => plan.id),
            monthStart,
          );
    const plansOf = new Map<string, RecurringPurchase[]>();
    for (const plan of plans) {
      const list = plansOf.get(plan.customerId) ?? [];
      list.push(plan);
      plansOf.set(plan.customerId, list);
    }
    const existingOf = new Map(existing.map((row) => [row.recurringPurchaseId, row]));
    // a customer whose card 積立 earns points is left to `process`, which credits them with the debit, and
    // so is one whose card cannot be charged (none, or expired), whose card plans fail there
    const cardCustomers = [
      ...new Set(plans.filter((plan) => plan.paymentMethod === 'CREDIT_CARD').map((plan) => plan.customerId)),
    ];
    const cards = await linkedCardsOf(tx, cardCustomers);
    const earning = customersEarningCardPoints(cards, businessDate);
    const cardRefused = new Set(
      cardCustomers.filter((customerId) => cardChargeRefusal(cards.get(customerId), businessDate)),
    );
    // a 口座振替 without a bank account on the debit date fails (decision 035): `process` records it
    const transferCustomers = [
      ...new Set(
        plans.filter((plan) => plan.paymentMethod === 'ACCOUNT_TRANSFER').map((plan) => plan.customerId),
      ),
    ];
    const withBankAccount = await customersWithBankAccount(tx, transferCustomers);
    const bankAccountMissing = new Set(transferCustomers.filter((id) => !withBankAccount.has(id)));
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
      if (
        pendingChange ||
        earning.has(customerId) ||
        cardRefused.has(customerId) ||
        bankAccountMissing.has(customerId)
      )
        continue;
      if (own.length === 0) {
        done.set(itemId, 'nothing-to-debit');
        continue;
      }
      let cardTotal = cardChargedAlready(
        own,
        own.flatMap((plan) => existingOf.get(plan.id) ?? []),
      );
      const ordered = debitsInOrder(own, month).filter(({ plan }) => !existingOf.has(plan.id));
      if (ordered.length === 0) {
        done.set(itemId, 'nothing-to-debit');
        continue;
      }
      if (settings.debitFailureRule(customer) !== undefined) continue;
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
  await insertReceivedDebits(tx, businessDate, debitRows);
  await postCollections(
    tx,
    businessDate,
    entries.filter((entry) => entry.credits.length > 0),
  );
  return done;
}
