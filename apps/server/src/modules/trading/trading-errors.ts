import { formatJapaneseDate } from '@fund/domain';
import { TradingErrorCode } from '@fund/contracts';
import { AppError, type AppErrorOptions } from '../../errors/app-error.ts';
import { tradingStandingMessages } from '../../errors/trading-standing-error.ts';

/**
 * A refused order: a stable trading code of `TradingErrorCode` (400-2xx business refusals, 409-2xx state
 * conflicts) and a Japanese message for the customer. `reason` is the domain's refusal name when there is
 * one (e.g. `annual-limit`), for the batch and the logs.
 */
export class TradingError extends AppError {
  override readonly name = 'TradingError';
  readonly reason: string | undefined;

  constructor(code: TradingErrorCode, message: string, reason?: string, options?: AppErrorOptions) {
    super(code, message, options);
    this.reason = reason;
  }
}

export const tradingMessages = {
  creditCardNotAllowed:
    'スポット購入（都度購入）はクレジットカードでお支払いいただけません。お預り金（口座振替）でご購入ください。',
  pointsBelowMinimum: 'ポイントは200ポイント以上、100ポイント単位でご利用いただけます。',
  pointsForRecurring: '積立購入にはポイントをご利用いただけません。',
  pointsForQuantity: 'ポイントは金額指定の購入でのみご利用いただけます。',
  pointsExceedBalance: 'ご利用可能なポイントが不足しています。',
  pointsExceedAmount: 'ご利用ポイントの金額が購入金額を超えています。',
  insufficientCash: 'お預り金が不足しています。入金後に再度ご注文ください。',
  insufficientUnits: '売却可能な口数が不足しています。',
  noUnits: '売却可能な口数がありません。',
  orderTooSmall: 'ご注文の金額または口数では1口も約定しません。金額または口数を増やしてください。',
  prospectusNotConfirmed: 'ご購入の前に、最新の交付目論見書をご確認ください。',
  fundNotOnSale: 'このファンドは現在ご購入いただけません。',
  fundEnding: (lastOrderDate: string, redemptionDate: string) =>
    `このファンドは${formatJapaneseDate(redemptionDate)}に償還されるため、ご注文の受付は${formatJapaneseDate(lastOrderDate)}までで終了しました。`,
  fundNotFound: 'ファンドが見つかりません。',
  noPrice: 'このファンドの基準価額がまだありません。',
  accountNotOpen: tradingStandingMessages['account-not-opened'],
  noSuchAccount: 'ご指定の口座区分の口座をお持ちでないため、ご注文いただけません。',
  cancelNotAllowed: 'このご注文は取消期限を過ぎたか、すでに約定・取消済みのため取り消せません。',
  orderNotFound: 'ご注文が見つかりません。',
  nisaQuantity: 'NISA口座では金額指定でご購入ください。',
} as const;

const accountRefusals: Record<string, string> = {
  'closed-nisa-program': '旧NISA・ジュニアNISA口座では新たにご購入いただけません。',
  'junior-nisa-no-new-purchases': 'ジュニアNISA口座のお客さまは新たにご購入いただけません。',
  'corporation-general-account-only':
    '法人のお客さまは一般口座でのみご購入いただけます（NISA・特定口座は対象外です）。',
  'taxable-accounts-only':
    '未成年のお客さまは特定口座・一般口座でのみご購入いただけます（NISAは対象外です）。',
};

export function accountRefusalMessage(reason: string): string {
  return accountRefusals[reason] ?? 'ご指定の口座ではご購入いただけません。';
}

const nisaRefusals: Record<string, [TradingErrorCode, string]> = {
  corporation: [TradingErrorCode.nisaNotEligible, '法人のお客さまはNISAをご利用いただけません。'],
  'child-account': [TradingErrorCode.nisaNotEligible, '未成年口座ではNISAをご利用いただけません。'],
  'junior-nisa-account': [
    TradingErrorCode.nisaNotEligible,
    'ジュニアNISA口座ではNISAで新たにご購入いただけません。',
  ],
  'not-resident': [TradingErrorCode.nisaNotEligible, '国内居住者のお客さまのみNISAをご利用いただけます。'],
  'under-18': [
    TradingErrorCode.nisaNotEligible,
    'NISAは受渡日の年の1月1日時点で18歳以上の方がご利用いただけます。',
  ],
  'no-nisa-account': [TradingErrorCode.nisaNotEligible, 'NISA口座が開設されていません。'],
  'before-2024-nisa': [
    TradingErrorCode.nisaNotAllowed,
    '2024年より前の受渡日ではNISAをご利用いただけません。',
  ],
  'tsumitate-recurring-only': [
    TradingErrorCode.nisaNotAllowed,
    'つみたて投資枠は積立購入専用です。スポット購入は成長投資枠をご利用ください。',
  ],
  'fund-not-tsumitate-eligible': [
    TradingErrorCode.nisaNotAllowed,
    'このファンドはつみたて投資枠の対象外です。',
  ],
  'fund-not-growth-eligible': [TradingErrorCode.nisaNotAllowed, 'このファンドは成長投資枠の対象外です。'],
  'invalid-amount': [TradingErrorCode.orderTooSmall, 'ご注文金額が正しくありません。'],
  'annual-limit': [TradingErrorCode.nisaAnnualLimit, 'NISAの年間投資枠を超えるためご注文いただけません。'],
  'growth-lifetime-limit': [
    TradingErrorCode.nisaGrowthLifetimeLimit,
    'NISA成長投資枠の生涯投資枠（1,200万円）を超えるためご注文いただけません。',
  ],
  'lifetime-limit': [
    TradingErrorCode.nisaLifetimeLimit,
    'NISAの生涯投資枠（1,800万円）を超えるためご注文いただけません。',
  ],
};

export function nisaRefusal(reason: string, room?: bigint): TradingError {
  const [code, message] = nisaRefusals[reason] ?? [
    TradingErrorCode.nisaNotAllowed,
    'NISAではご購入いただけません。',
  ];
  const roomText = room === undefined ? '' : `（残り${room.toLocaleString('ja-JP')}円）`;
  return new TradingError(code, `${message}${roomText}`, reason);
}
