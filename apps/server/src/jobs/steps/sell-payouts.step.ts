import { orderStatusMachine, scheduledSellPayoutDate, type IsoDate } from '@fund/domain';
import { credit, debit, postJournalEntry, recordBankTransfer } from '@fund/db';
import type { BatchStep } from '../batch-runner.ts';
import { formatJapaneseDate, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import { fundShortName, lockOrder, markPaidOut, tradedScheduledSells } from './sell-payouts.repository.ts';

/**
 * The payout date of a scheduled sell: the 6th business day after its order date (申込日, counted as day
 * 0, `scheduledSellPayoutDate`), but never before its 受渡日, when the fund pays.
 */
export function sellPayoutDate(order: { applicationDate: string; settlementDate: string }): IsoDate {
  const payout = scheduledSellPayoutDate(order.applicationDate as IsoDate);
  return (payout < order.settlementDate ? order.settlementDate : payout) as IsoDate;
}

/**
 * f (payout). Scheduled-sell proceeds: settled sells of channel SCHEDULEDSELL (TRADED) whose payout date
 * has come are paid to the customer's bank account: customer_unsettled / bank_clearing, a cashflow row
 * (withdraw, 定期売却代金のお支払い), status TRADED → COMPLETED. One item per order (its id).
 */
export const sellPayoutsStep: BatchStep = {
  name: 'sell-payouts',
  async enumerate(db, { businessDate }) {
    const rows = await tradedScheduledSells(db);
    return rows.filter((row) => sellPayoutDate(row) <= businessDate).map((row) => row.id);
  },
  async process(tx, orderId, { businessDate, now }) {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.status !== 'TRADED' || order.channel !== 'SCHEDULEDSELL')
      return 'not-traded';
    orderStatusMachine.assertTransition('TRADED', 'COMPLETED');
    const net = (order.executedAmount ?? 0n) - order.taxWithheld;
    if (net > 0n) {
      const entryId = await postJournalEntry(tx, {
        kind: 'scheduled-sell.payout',
        businessDate,
        customerId: order.customerId,
        orderId: order.id,
        description: '定期売却代金のお支払い',
        lines: [debit('customer_unsettled', net, order.customerId), credit('bank_clearing', net)],
      });
      await recordBankTransfer(tx, {
        customerId: order.customerId,
        type: 'withdraw',
        amount: net,
        date: businessDate,
        description: '定期売却代金のお支払い',
        journalEntryId: entryId,
      });
    }
    await markPaidOut(tx, order.id, now());
    const fundName = await fundShortName(tx, order.fundId);
    await postNotice(tx, {
      customerId: order.customerId,
      title: '定期売却代金のお支払い',
      lines: [
        `${fundName} の定期売却代金 ${formatYen(net)} を${formatJapaneseDate(businessDate)}にご登録の銀行口座へお支払いしました。`,
      ],
      at: now(),
    });
    return 'paid';
  },
};
