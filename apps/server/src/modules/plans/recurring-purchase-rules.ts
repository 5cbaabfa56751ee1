import { PlanErrorCode, TradingErrorCode } from '@fund/contracts';
import { type Transaction } from '@fund/db';
import {
  cardChargeRefusal,
  checkCardMonthlyLimit,
  checkPurchaseAccount,
  isoDate,
  nisaBucketOfAccountType,
  nisaEligibility,
  type AccountType,
  type CardChargeRefusal,
  type IsoDate,
  type NisaEligibilityRefusal,
  type PurchaseAccountRefusal,
  type RecurringPlanIssue,
  type RecurringPlanTerms,
  type YearMonth,
} from '@fund/domain';
import { AppError } from '../../errors/app-error.ts';
import { currentTerms, upcomingTerms } from './recurring-purchase-terms.ts';
import {
  findCardForPlans,
  hasBankAccountForDebits,
  hasOpenAccount,
  listRecurringPurchases,
  type PlanCustomer,
  type PlanFund,
} from './plans.repository.ts';

/** The rules a 積立 is checked by when it is set up or changed, and the refusals they answer. */

const purchaseAccountMessages: Record<PurchaseAccountRefusal, string> = {
  'closed-nisa-program': 'この口座区分では新たに積立を設定できません。',
  'junior-nisa-no-new-purchases': 'ジュニアNISA口座のお客さまは新たに積立を設定できません。',
  'corporation-general-account-only': '法人のお客さまは一般口座でのみ積立を設定できます。',
  'taxable-accounts-only': '未成年のお客さまは特定口座または一般口座でのみ積立を設定できます。',
};

const nisaEligibilityMessages: Record<NisaEligibilityRefusal, string> = {
  corporation: '法人のお客さまはNISAをご利用いただけません。',
  'child-account': '未成年口座ではNISAをご利用いただけません。',
  'junior-nisa-account': 'ジュニアNISA口座ではNISAをご利用いただけません。',
  'not-resident': '日本にお住まいでないお客さまはNISAをご利用いただけません。',
  'under-18': 'NISAはその年の1月1日に18歳以上のお客さまがご利用いただけます。',
  'no-nisa-account': 'NISA口座が開設されていません。',
};

function planIssueMessage(issue: RecurringPlanIssue): string {
  const what =
    issue.field === 'amount'
      ? '積立金額'
      : issue.field === 'bonusAmount'
        ? 'ボーナス月の増額分'
        : 'ボーナス月';
  switch (issue.reason) {
    case 'below-minimum':
      return `${what}は5,000円以上で指定してください。`;
    case 'not-in-steps-of-1000':
      return `${what}は1,000円単位で指定してください。`;
    case 'too-many':
      return 'ボーナス月は2か月までです。';
    case 'duplicate':
      return 'ボーナス月が重複しています。';
    case 'none':
      return 'ボーナス月を指定してください。';
    case 'not-a-month':
      return 'ボーナス月は1〜12で指定してください。';
  }
}

/** A recurring plan's broken rules: 400-220 when the monthly amount is one of them, else 400-221 (bonus). */
export function planIssuesError(issues: readonly RecurringPlanIssue[]): AppError {
  const code = issues.some((issue) => issue.field === 'amount')
    ? PlanErrorCode.recurringAmountInvalid
    : PlanErrorCode.bonusInvalid;
  return new AppError(code, issues.map(planIssueMessage).join(''));
}

/**
 * Whether the customer may buy the fund on the account every month from `startMonth`: the account type
 * allowed for the customer and opened, and for a NISA account the customer's eligibility and the fund's.
 */
export async function checkPurchaseSetup(
  tx: Transaction,
  customer: PlanCustomer,
  fund: PlanFund,
  accountType: AccountType,
  startMonth: YearMonth,
) {
  const accountCheck = checkPurchaseAccount(accountType, customer.role);
  if (!accountCheck.ok)
    throw new AppError(TradingErrorCode.accountNotAllowed, purchaseAccountMessages[accountCheck.reason]);
  if (!(await hasOpenAccount(tx, customer.id, accountType))) {
    throw new AppError(TradingErrorCode.accountNotAllowed, 'ご指定の口座区分の口座が開設されていません。');
  }
  const bucket = nisaBucketOfAccountType(accountType);
  if (bucket !== undefined) {
    const eligibility = nisaEligibility(
      {
        role: customer.role,
        birthDate: isoDate(customer.birthDate ?? '0001-01-01'),
        // no residency column yet: customers of this service are residents (open point)
        residentOfJapan: true,
        hasNisaAccount: true,
      },
      startMonth.year,
    );
    if (!eligibility.ok)
      throw new AppError(TradingErrorCode.nisaNotEligible, nisaEligibilityMessages[eligibility.reason]);
    if (bucket === 'tsumitate' && !fund.tsumitateEligible) {
      throw new AppError(
        TradingErrorCode.nisaNotAllowed,
        'このファンドはつみたて投資枠の対象ではありません。',
      );
    }
    if (bucket === 'growth' && !fund.growthEligible) {
      throw new AppError(TradingErrorCode.nisaNotAllowed, 'このファンドは成長投資枠の対象ではありません。');
    }
  }
}

const cardNotChargeableMessages: Readonly<Record<CardChargeRefusal, string>> = {
  NO_CARD:
    'クレジットカードが登録されていないため、クレジットカードでの積立は設定できません。マイページからカードを登録してください。',
  CARD_EXPIRED:
    'ご登録のクレジットカードは有効期限が切れているため、クレジットカードでの積立は設定できません。マイページからカードを再登録してください。',
};

/**
 * A card 積立 needs a card to charge (the debit would fail otherwise): refused when the customer has no
 * linked card or one already past its 有効期限 on `today`.
 */
export async function checkCardToCharge(
  tx: Transaction,
  customerId: string,
  terms: RecurringPlanTerms,
  today: IsoDate,
) {
  if (terms.paymentMethod !== 'CREDIT_CARD') return;
  const refusal = cardChargeRefusal(await findCardForPlans(tx, customerId), today);
  if (refusal !== undefined)
    throw new AppError(PlanErrorCode.cardNotChargeable, cardNotChargeableMessages[refusal]);
}

/** What a 口座振替 積立 or 毎月の入金 without a registered bank account is refused with (400-227). */
export const bankAccountMissingMessages = {
  recurring:
    '口座振替の金融機関口座が登録されていないため、口座振替での積立は設定できません。マイページから口座振替のお申込み方法をご確認ください。',
  monthlyDeposit:
    '口座振替の金融機関口座が登録されていないため、毎月の入金は設定できません。マイページから口座振替のお申込み方法をご確認ください。',
} as const;

/**
 * A 口座振替 needs a registered bank account to debit (decision 035): a 口座振替 積立 is refused without one,
 * as a card 積立 is without a card. The monthly deposit's service asks the same (`checkBankAccountToDebit`).
 */
export async function checkBankAccountToDebit(
  tx: Transaction,
  customerId: string,
  what: keyof typeof bankAccountMissingMessages,
) {
  if (!(await hasBankAccountForDebits(tx, customerId)))
    throw new AppError(PlanErrorCode.bankAccountMissing, bankAccountMissingMessages[what]);
}

/** The payment source of a 積立's terms: a card to charge, or a bank account to debit. */
export async function checkPaymentSource(
  tx: Transaction,
  customerId: string,
  terms: RecurringPlanTerms,
  today: IsoDate,
) {
  if (terms.paymentMethod === 'ACCOUNT_TRANSFER') await checkBankAccountToDebit(tx, customerId, 'recurring');
  else await checkCardToCharge(tx, customerId, terms, today);
}

/**
 * The card limit over all live plans (suspended ones too: they may resume), `terms` standing for the
 * plan being created or changed from `firstMonth` on. The other plans are checked both with the terms in
 * force and with their pending changes, so neither this month nor a later one can pass 100,000 yen. The
 * refusal names the first month from `firstMonth` that would pass it.
 */
export async function checkCardLimit(
  tx: Transaction,
  customerId: string,
  planId: string | null,
  terms: RecurringPlanTerms,
  firstMonth: YearMonth,
) {
  if (terms.paymentMethod !== 'CREDIT_CARD') return;
  const others = (await listRecurringPurchases(tx, customerId, { liveOnly: true })).filter(
    (plan) => plan.id !== planId,
  );
  for (const termsOfOthers of [currentTerms, upcomingTerms]) {
    const check = checkCardMonthlyLimit([...others.map(termsOfOthers), terms], firstMonth.month);
    const [first] = check.ok ? [] : check.months;
    if (first !== undefined) {
      throw new AppError(
        PlanErrorCode.cardMonthlyLimit,
        `クレジットカードでの積立は、すべての積立の合計で月10万円までです（${first.month}月は${first.total.toLocaleString('ja-JP')}円になります）。`,
      );
    }
  }
}
