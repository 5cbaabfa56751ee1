import { recordDebitOutcome, type CardChargeRefusal, type IsoDate } from '@fund/domain';
import type { RecurringPurchase, Transaction } from '@fund/db';
import { formatJapaneseDate, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import { bankAccountMissingReason, debitMethodName } from './recurring-debit-rules.ts';
import { recordDebitFailures } from './recurring-debits.repository.ts';

/** The reason a card 積立 charge records and tells the customer, by why the card cannot be charged. */
export const cardRefusalReasons: Readonly<Record<CardChargeRefusal, string>> = {
  NO_CARD: 'クレジットカードが登録されていません',
  CARD_EXPIRED: 'クレジットカードの有効期限が切れています',
};
const cardRefused = new Set(Object.values(cardRefusalReasons));

/**
 * A debit that failed: a transfer plan's failures in a row are counted (`recordDebitOutcome`) and the third
 * suspends the plan, with an important notice; a card charge's failure (over the monthly limit, no card
 * or an expired one) does not count. The customer is told either way, and what to do about a card.
 */
export async function recordFailedDebit(
  tx: Transaction,
  failed: {
    customerId: string;
    plan: RecurringPurchase;
    amount: bigint;
    failure: string;
    businessDate: IsoDate;
    /** The clock, read as the notice is posted. */
    now: () => Date;
  },
): Promise<void> {
  const { customerId, plan, amount, failure, businessDate } = failed;
  const what = debitMethodName(plan);
  const counts = plan.paymentMethod === 'ACCOUNT_TRANSFER';
  const state = counts
    ? recordDebitOutcome(plan.consecutiveDebitFailures, 'FAILURE')
    : { consecutiveFailures: plan.consecutiveDebitFailures, suspend: false };
  await recordDebitFailures(tx, plan.id, {
    consecutiveFailures: Math.min(state.consecutiveFailures, 3),
    suspend: state.suspend,
  });
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
              ...(failure === bankAccountMissingReason
                ? [
                    '口座振替には金融機関口座のご登録が必要です。マイページから口座振替のお申込み方法をご確認ください。',
                  ]
                : []),
            ]
          : cardRefused.has(failure)
            ? ['マイページからクレジットカードを登録（更新）してください。次回の積立から決済されます。']
            : []),
    ],
    at: failed.now(),
  });
}
