import { credit, debit, postJournalEntry, type Transaction } from '@fund/db';
import { paymentStatusMachine, type IsoDate } from '@fund/domain';
import { formatJapaneseDate, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import { markDebitNotPurchased } from './recurring-orders.repository.ts';

/**
 * A 積立 order the placement refused (fund closed, account closed, …): the debit is marked FAILURE, its money
 * goes back to the cash balance (customer_unsettled / customer_cash), and the customer gets an important
 * notice.
 */
export async function refundDebit(
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
  await markDebitNotPurchased(tx, refund.debitId, refund.reason);
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
