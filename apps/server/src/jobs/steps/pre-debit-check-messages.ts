import {
  formatJapaneseDateWithWeekday,
  preDebitActionDeadline,
  failedDebitsBeforeSuspension,
  type IsoDate,
  type PreDebitProblem,
} from '@fund/domain';

/** What the notice and the mail of one pre-debit problem say (decision 023). */
export interface PreDebitMessage {
  readonly title: string;
  readonly lines: readonly string[];
  /** The screen of the app where the customer acts. */
  readonly action: { readonly label: string; readonly path: string };
}

/** Where a card is linked or linked again (spec §2, decision 018). */
const cardLink = { label: 'セゾンカード連携', path: '/saisonConnect' } as const;
/** My page's 口座振替 block explains how a bank account is registered (decision 019). */
const bankAccountHowTo = { label: 'マイページ（口座振替の金融機関口座）', path: '/mypage' } as const;

/** 積立, 毎月の入金 or both, as the 口座振替 of the debit date takes them. */
function debited(input: {
  readonly transferPlans?: boolean | undefined;
  readonly deposits?: boolean | undefined;
}) {
  if (input.transferPlans === true && input.deposits !== true) return '積立';
  if (input.deposits === true && input.transferPlans !== true) return '毎月の入金';
  return '積立・毎月の入金';
}

/**
 * The words of each problem: what is debited when, what is wrong, what to do and by when. Calm: nothing
 * has failed yet, and each message says what happens if nothing is done only as far as it is certain (a card
 * 積立 without a chargeable card on the debit date is not charged and buys nothing: `cardChargeRefusal`).
 */
export function preDebitMessage(
  problem: PreDebitProblem,
  input: {
    readonly debitDate: IsoDate;
    readonly cardLast4?: string | undefined;
    /** What is debited by 口座振替 that date; both when not told. */
    readonly transferPlans?: boolean | undefined;
    readonly deposits?: boolean | undefined;
  },
): PreDebitMessage {
  const debit = formatJapaneseDateWithWeekday(input.debitDate);
  const deadline = formatJapaneseDateWithWeekday(preDebitActionDeadline(input.debitDate));
  switch (problem) {
    case 'card-unlinked':
      return {
        title: 'クレジットカードのご登録のお願い',
        lines: [
          `${debit}は、クレジットカードでの積立のお支払い日です。現在、お支払いに使うクレジットカードが登録されていません。`,
          `${deadline}までに、「${cardLink.label}」からカードをご登録ください。ご登録がない場合、この月の積立はお支払いができず、買付は行われません。`,
        ],
        action: cardLink,
      };
    case 'card-expired':
      return {
        title: 'クレジットカードの有効期限のご確認のお願い',
        lines: [
          `${debit}は、クレジットカードでの積立のお支払い日です。ご登録のクレジットカード${input.cardLast4 === undefined ? '' : `（末尾 ${input.cardLast4}）`}は、有効期限が切れています。`,
          `新しいカードがお手元にある場合は、${deadline}までに「${cardLink.label}」から新しいカードをご登録ください。ご登録がない場合、この月の積立はお支払いができず、買付は行われません。`,
        ],
        action: cardLink,
      };
    case 'bank-account-missing':
      return {
        title: '口座振替の金融機関口座のご登録のお願い',
        lines: [
          `${debit}は、口座振替（積立・毎月の入金）のお引き落とし日です。現在、口座振替の金融機関口座が登録されていません。`,
          '口座のご登録は「預金口座振替依頼書」で承ります。お手続きには数週間かかるため、ご登録が済むまでの間は口座振替によるお引き落としができません。',
          'ご登録の方法は、マイページの「口座振替の金融機関口座」でご確認ください。',
        ],
        action: bankAccountHowTo,
      };
    case 'bank-debit-failed':
      return {
        title: '口座振替のご残高確認のお願い',
        lines: [
          `${debit}は、口座振替による${debited(input)}のお引き落とし日です。前回の口座振替は、ご指定の口座からお引き落としができませんでした。`,
          `${deadline}までに、${debited(input)}の金額がご指定の口座にあるかご確認ください。${failedDebitsBeforeSuspension}回続けてお引き落としができない場合、積立は停止されます。`,
        ],
        action: bankAccountHowTo,
      };
  }
}
