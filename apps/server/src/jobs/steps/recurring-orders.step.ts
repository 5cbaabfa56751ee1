import {
  addCalendarDays,
  emptyNisaUsage,
  orderDatesFor,
  transferPurchaseOrderDate,
  yearMonthOf,
  type AccountType,
  type IsoDate,
  type Yen,
  type YearMonth,
} from '@fund/domain';
import { AppError } from '../../errors/app-error.ts';
import { placeBuyOrder } from '../../modules/trading/buy-placement.ts';
import { nisaUsageOf, tradingCalendarOf } from '../../modules/trading/trading.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import { customerMonthItem, parseCustomerMonthItem } from './customer-month-items.ts';
import {
  isMoved,
  postSplitNotice,
  purchaseAccountsOf,
  recurringOrderKey,
} from './recurring-order-account.ts';
import { refundDebit } from './recurring-order-refund.ts';
import { orderChunk } from './recurring-orders-chunk.ts';
import {
  customerMonthsWithUnorderedDebits,
  customersWithReceivedDebits,
  investorOf,
  openAccountTypesOf,
  pendingDebitsOf,
} from './recurring-orders.repository.ts';
import { batchOrderInstant, previousYearMonth } from '../batch-data.ts';

/** The months whose recurring purchase orders are placed on `date` (debit date + `lag` business days). */
export function purchaseMonthsOn(date: IsoDate, lag: number): YearMonth[] {
  const thisMonth = yearMonthOf(date);
  return [previousYearMonth(previousYearMonth(thisMonth)), previousYearMonth(thisMonth), thisMonth].filter(
    (month) => transferPurchaseOrderDate(month, lag) === date,
  );
}

/**
 * How far back the step looks for a received debit without its order (calendar days before the business
 * date, by debit date): a debit item is retried at every run until it succeeds, so a year covers any
 * retry that is still meant to buy.
 */
const lateDebitWindowDays = 366;

/**
 * b (second half). The purchase orders of a month's received debits, `lag` business days after the debit
 * date (`transferPurchaseOrderDate`; BATCH_PURCHASE_LAG_DAYS, default 2). One item per customer and month,
 * `<customer id>:<yyyy-mm>`: the customer's plans are placed larger amounts first, each seeing the NISA
 * room the previous ones left, and a plan on つみたて投資枠 fills what つみたて has left, the rest going to
 * 成長投資枠 as far as it has room, then to the taxable account (`purchaseAccountsOf`): one order per
 * account, and a notice when the month's amount is split or moved. Orders go through `placeBuyOrder`
 * (channel TSUMITATE, key `tsumitate:<plan id>:<yyyy-mm>` for the first part, placed as of 09:00 JST of the
 * date), so a rerun finds them. A received debit whose order date has passed without its order (its debit
 * item failed then and succeeded in a later retry) is taken by the next run: its order's 申込日 is that run's
 * business date (decision 034). A plan the order placement refuses (fund closed, account closed, …) gets
 * its money back in the cash balance (customer_unsettled / customer_cash), its debit marked FAILURE, and a
 * notice.
 */
export const recurringOrdersStep: BatchStep = {
  name: 'recurring-orders',
  processChunk: orderChunk,
  async enumerate(db, { businessDate, settings }) {
    const items = new Set<string>();
    for (const month of purchaseMonthsOn(businessDate, settings.purchaseLagBusinessDays)) {
      const customerIds = await customersWithReceivedDebits(db, month);
      for (const customerId of customerIds) items.add(customerMonthItem(customerId, month));
    }
    // debits received after their order date (a debit item retried late): bought today, not left waiting
    const late = await customerMonthsWithUnorderedDebits(
      db,
      addCalendarDays(businessDate, -lateDebitWindowDays),
      businessDate,
    );
    for (const { customerId, month: firstDay } of late) {
      const month = yearMonthOf(firstDay as IsoDate);
      if (transferPurchaseOrderDate(month, settings.purchaseLagBusinessDays) < businessDate)
        items.add(customerMonthItem(customerId, month));
    }
    return [...items];
  },
  async process(tx, itemId, { businessDate, now }) {
    const { customerId, month } = parseCustomerMonthItem(itemId);
    const placedAt = batchOrderInstant(businessDate);
    const pending = await pendingDebitsOf(tx, customerId, month);
    if (pending.length === 0) return 'nothing-to-place';
    const investor = await investorOf(tx, customerId);
    const accountTypes = await openAccountTypesOf(tx, customerId);
    const taxableAccount: AccountType = accountTypes.has('specific') ? 'specific' : 'general';
    let usage = investor === undefined ? emptyNisaUsage : await nisaUsageOf(tx, customerId);
    let placed = 0;
    let refused = 0;
    for (const { debit: paid, plan, fund } of pending) {
      const calendar = await tradingCalendarOf(tx, fund, businessDate);
      const { settlementDate } = orderDatesFor(placedAt, 'BUY', calendar);
      const target = purchaseAccountsOf({
        plan,
        amount: paid.amount as Yen,
        fund,
        investor,
        usage,
        settlementDate,
        accountTypes,
        taxableAccount,
      });
      try {
        // a debit's parts are placed together or not at all: a refused part refunds the whole debit
        await tx.transaction(async (savepoint) => {
          for (const [index, part] of target.parts.entries()) {
            await placeBuyOrder(savepoint, {
              customerId,
              fundCode: fund.code,
              accountType: part.accountType,
              orderType: 'AMOUNT',
              amount: part.amount,
              channel: 'TSUMITATE',
              recurringPurchaseId: plan.id,
              recurringDebitId: paid.id,
              paymentMethod: plan.paymentMethod,
              idempotencyKey: recurringOrderKey(plan.id, month, index, part),
              now: placedAt,
            });
          }
          if (isMoved(plan.accountType, target.parts)) {
            await postSplitNotice(savepoint, {
              customerId,
              fundName: fund.name,
              planAccountType: plan.accountType,
              amount: paid.amount,
              parts: target.parts,
              settlementDate,
              at: now(),
            });
          }
        });
        usage = target.usage;
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
