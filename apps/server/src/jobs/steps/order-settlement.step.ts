import {
  applyPurchaseToCostBasis,
  orderSideOf,
  orderStatusMachine,
  paymentStatusMachine,
  yearOf,
  type IsoDate,
  type Units,
  type Yen,
} from '@fund/domain';
import { credit, debit, postJournalEntry, type Order, type Transaction } from '@fund/db';
import { issueTradeReport, noTax } from '../../modules/documents/trade-report.ts';
import { addNisaPurchase } from '../../modules/trading/trading.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import { formatJapaneseDate, formatUnits, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import { executedFigures } from './executed-figures.ts';
import {
  executedOrdersDue,
  fundShortName,
  insertCashflow,
  insertOrderTrade,
  lockHoldingCreatingIt,
  lockOrder,
  markRecurringDebitSucceeded,
  updateHolding,
  updateSettledOrder,
} from './order-settlement.repository.ts';
import { settleSell } from './order-settlement-sell.ts';

/**
 * f. Settlement (受渡) of EXECUTED orders whose 受渡日 is the business date (or earlier and missed). One
 * item per order (its id); everything of one order commits in one transaction.
 *
 * Buy: holding units += executed units, 簿価 += executed amount, 個別元本 re-averaged by units
 * (`applyPurchaseToCostBasis`); `buy.settled` customer_unsettled / fund_settlement; the NISA hold taken at
 * placement (受渡日 year) corrected to the executed amount if it differs; a FUND BUY trade; a 積立's debit
 * and payment RECEIVED → SUCCESS; a spot buy's payment from お預り金 as an 出金 of 入出金 (cashflow 買付代金);
 * status EXECUTED → TRADED → COMPLETED; a 受渡 notice.
 *
 * Sell: units and reserved units down, 簿価 down pro rata (⌊簿価 × sold ÷ held⌋, all of it for the last
 * units), gain = proceeds − ⌈units × 個別元本 ÷ 10,000⌉ (`realisedGain`); in the specific account the tax is
 * withheld netted over the calendar year of the 受渡日 (`withholdingForSale` on `yearly_tax_states`; a later
 * loss refunds); `sell.settled` fund_settlement / customer_cash + tax_withheld (a refund: tax_withheld /
 * customer_cash); a FUND SELL trade, a CAPITAL_GAIN trade for the tax; NISA: the freed 簿価 in
 * `nisa_usage.freed` of the 受渡日 year, which frees lifetime room from 1 January of the next year. A spot
 * sell pays into the cash balance (cashflow 解約代金, status COMPLETED); a scheduled sell's proceeds wait in
 * customer_unsettled (status TRADED) for the payout on the 6th business day after the order (sell-payouts).
 *
 * Both: the 取引報告書 of the trade (modules/documents/trade-report.ts), in the same transaction.
 */
export const orderSettlementStep: BatchStep = {
  name: 'settle-orders',
  async enumerate(db, { businessDate }) {
    return executedOrdersDue(db, businessDate);
  },
  async process(tx, orderId, { businessDate, now }) {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.status !== 'EXECUTED') return 'not-executed';
    const fundName = await fundShortName(tx, order.fundId);
    orderStatusMachine.assertTransition('EXECUTED', 'TRADED');
    if (orderSideOf(order.channel) === 'BUY') {
      await settleBuy(tx, order, now(), fundName);
      await issueTradeReport(tx, { order, tax: noTax, issuedOn: businessDate });
      return 'buy-settled';
    }
    const tax = await settleSell(tx, order, now(), fundName);
    await issueTradeReport(tx, { order, tax, issuedOn: businessDate });
    return 'sell-settled';
  },
};

async function settleBuy(tx: Transaction, order: Order, at: Date, fundName: string) {
  const figures = executedFigures(order);
  const settlementDate = order.settlementDate as IsoDate;
  const holding = await lockHoldingCreatingIt(tx, order);
  if (holding === undefined) throw new Error(`No holding row for order ${order.id} after creating it`);
  const position = applyPurchaseToCostBasis(
    { units: holding.units as Units, basisPer10k: holding.costBasisPer10k as Yen },
    figures.units,
    figures.nav,
  );
  await updateHolding(tx, order, {
    units: position.units,
    bookValue: holding.bookValue + figures.amount,
    costBasisPer10k: position.basisPer10k,
  });
  const entryId = await postJournalEntry(tx, {
    kind: 'buy.settled',
    businessDate: settlementDate,
    customerId: order.customerId,
    orderId: order.id,
    description: `買付受渡 ${fundName}`,
    lines: [
      debit('customer_unsettled', figures.amount, order.customerId),
      credit('fund_settlement', figures.amount),
    ],
  });
  if (order.nisaBucket !== null && order.nisaAmount !== figures.amount) {
    await addNisaPurchase(
      tx,
      order.customerId,
      yearOf(settlementDate),
      order.nisaBucket,
      figures.amount - order.nisaAmount,
    );
  }
  await insertOrderTrade(tx, order, {
    journalEntryId: entryId,
    type: 'FUND',
    side: 'BUY',
    units: figures.units,
    pricePer10k: figures.price,
    amount: figures.amount,
    settlementDate,
  });
  // 入出金 lists every movement of お預り金 (decision 038): a spot buy paid from it is an 出金 on its
  // 受渡日, the 約定金額 less the points' value, as a sale's proceeds are an 入金 (積立 is paid by the bank
  // or the card and never passes through お預り金)
  const paidFromCash = figures.amount - order.pointsValue;
  if (order.channel === 'BUY' && paidFromCash > 0n) {
    await insertCashflow(tx, {
      customerId: order.customerId,
      type: 'withdraw',
      amount: paidFromCash,
      occurredOn: settlementDate,
      description: '買付代金',
      journalEntryId: entryId,
    });
  }
  let paymentStatus = order.paymentStatus;
  if (order.channel === 'TSUMITATE' && order.paymentStatus === 'RECEIVED') {
    paymentStatusMachine.assertTransition('RECEIVED', 'SUCCESS');
    paymentStatus = 'SUCCESS';
    if (order.recurringDebitId !== null) {
      await markRecurringDebitSucceeded(tx, order.recurringDebitId);
    }
  }
  orderStatusMachine.assertTransition('TRADED', 'COMPLETED');
  await updateSettledOrder(tx, order.id, { status: 'COMPLETED', paymentStatus, updatedAt: at });
  await postNotice(tx, {
    customerId: order.customerId,
    title: '買付受渡のお知らせ',
    lines: [
      `${fundName} の買付（${formatUnits(figures.units)}、${formatYen(figures.amount)}）の受渡が${formatJapaneseDate(settlementDate)}に完了し、保有残高に反映しました。`,
    ],
    at,
  });
}
