import type { SaisonConnectErrorCode as PointCodes, TradingErrorCode as TradingCodes } from '@fund/contracts';
import { formatPoints, type PointUseRefusal } from '@fund/domain';
import { ApiError, NetworkError } from '../../../lib/api/api-client';
import type { SpotBuyAccount } from './buy-draft';

// The contracts' codes, checked against them at compile time: the page imports the contracts' types only.
const PointCode = {
  noCreditCard: '400-100',
  reRegistrationRequired: '400-101',
  pointsCardRequired: '400-102',
  reRegistrationRequiredAgain: '400-103',
  cardServiceUnavailable: '400-503',
} as const satisfies Partial<typeof PointCodes>;

const TradingCode = {
  creditCardNotAllowed: '400-201',
  invalidPoints: '400-202',
  pointsExceedBalance: '400-203',
  pointsExceedAmount: '400-204',
  insufficientCash: '400-205',
  orderTooSmall: '400-207',
  accountNotAllowed: '400-208',
  nisaNotEligible: '400-209',
  nisaAnnualLimit: '400-210',
  nisaGrowthLifetimeLimit: '400-211',
  nisaLifetimeLimit: '400-212',
  nisaNotAllowed: '400-213',
  fundNotOnSale: '400-214',
  accountNotOpen: '400-215',
  prospectusNotConfirmed: '409-201',
  idempotencyInProgress: '409-203',
} as const satisfies Partial<typeof TradingCodes>;

export const accountLabels: Record<SpotBuyAccount, string> = {
  specific: '特定口座',
  general: '一般口座',
  nisa2_growth: 'NISA 成長投資枠',
};

const allAccountLabels: Record<string, string> = {
  ...accountLabels,
  nisa2_tsumitate: 'NISA つみたて投資枠',
  general_nisa: '一般NISA',
  tsumitate_nisa: 'つみたてNISA',
  junior_nisa: 'ジュニアNISA',
};

/** 口座区分 of any account type (an order's), in the customer's words. */
export function accountLabelOf(accountType: string): string {
  return allAccountLabels[accountType] ?? accountType;
}

/** What a spot buy means for tax, per account (domain.md §6): nothing is withheld at purchase. */
export const taxNotes: Record<SpotBuyAccount, string> = {
  specific:
    '購入時に税金はかかりません。売却時の利益には20.315%の税金が源泉徴収されます（特定口座・源泉徴収あり）。',
  general: '購入時に税金はかかりません。売却時の利益は、お客さまご自身での確定申告の対象です（一般口座）。',
  nisa2_growth: '購入時に税金はかかりません。NISA口座での売却益は非課税です。',
};

/** Where a card is registered (again): the card issuer's linking flow (spec §2 /saisonConnect). */
export const cardLinkPath = '/saisonConnect';

export type PointState = 'no-card' | 're-register' | 'not-eligible' | 'maintenance';

/** Spec §8's point-use messages: 400-503 and every other answer (a network failure too) is maintenance. */
export function pointStateOf(error: Error): PointState {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case PointCode.noCreditCard:
      return 'no-card';
    case PointCode.reRegistrationRequired:
    case PointCode.reRegistrationRequiredAgain:
      return 're-register';
    case PointCode.pointsCardRequired:
      return 'not-eligible';
    default:
      return 'maintenance';
  }
}

export const pointStateMessages: Record<PointState, string> = {
  'no-card':
    'クレジットカードが登録されていません。カードを登録すると、貯まったポイントをスポット購入にご利用いただけます。',
  're-register':
    'スポット購入でポイントをご利用いただくには、ポイント対象カードの再登録が必要です。再登録すると、積立のお支払い方法も再登録したカードになります。',
  'not-eligible': 'ポイントのご利用には、ポイント対象のクレジットカードが必要です。',
  maintenance:
    'カード会社のサービスがメンテナンス中のため、ポイントをご利用いただけません。時間をおいて再度お試しください。',
};

/** The first reason the domain refuses a point count (domain.md §4), in the customer's words. */
export function pointRefusalMessage(reason: PointUseRefusal, balance: string): string {
  switch (reason) {
    case 'below-minimum':
    case 'not-in-steps-of-100':
    case 'negative':
    case 'recurring-purchase':
      return 'ポイントは200ポイント以上、100ポイント単位でご入力ください。';
    case 'exceeds-balance':
      return `ご利用可能なポイント（${formatPoints(balance)}）を超えています。`;
    case 'exceeds-order-amount':
      return 'ご利用ポイントの金額が購入金額を超えています。ポイントを減らしてください。';
  }
}

/** Which input a refusal is about, so the input page can mark it when the customer goes back. */
export type RefusalField = 'value' | 'points' | 'accountType' | 'prospectus' | null;

export interface Refusal {
  readonly message: string;
  readonly field: RefusalField;
  /** True when sending the same order again may succeed (a network failure, a request still running). */
  readonly retryable: boolean;
}

const refusals: Record<string, { message: string; field: RefusalField }> = {
  [TradingCode.insufficientCash]: {
    message: 'お預り金が不足しています。ご入金のうえ再度ご注文いただくか、金額を減らしてください。',
    field: 'value',
  },
  [TradingCode.nisaAnnualLimit]: {
    message:
      'NISA成長投資枠の年間投資枠（受渡日の年）を超えています。金額を減らすか、特定口座・一般口座でご購入ください。',
    field: 'value',
  },
  [TradingCode.nisaGrowthLifetimeLimit]: {
    message:
      'NISA成長投資枠の生涯上限（12,000,000円）を超えています。金額を減らすか、特定口座・一般口座でご購入ください。',
    field: 'value',
  },
  [TradingCode.nisaLifetimeLimit]: {
    message:
      'NISAの生涯非課税限度額（18,000,000円）を超えています。金額を減らすか、特定口座・一般口座でご購入ください。',
    field: 'value',
  },
  [TradingCode.prospectusNotConfirmed]: {
    message: 'ご購入の前に、最新の交付目論見書をご確認ください。入力画面で確認できます。',
    field: 'prospectus',
  },
  [TradingCode.invalidPoints]: {
    message: 'ポイントは200ポイント以上、100ポイント単位でご利用いただけます。',
    field: 'points',
  },
  [TradingCode.pointsExceedBalance]: {
    message: 'ご利用可能なポイントが不足しています。ポイントを減らしてください。',
    field: 'points',
  },
  [TradingCode.pointsExceedAmount]: {
    message: 'ご利用ポイントの金額が購入金額を超えています。ポイントを減らしてください。',
    field: 'points',
  },
  [TradingCode.fundNotOnSale]: { message: 'このファンドは現在ご購入いただけません。', field: null },
  [TradingCode.accountNotOpen]: {
    message: '口座が開設されていないか、閉鎖されているためご注文いただけません。',
    field: null,
  },
  // 400-100 from the orders API: the account is locked (spec §8 "Locked account")
  '400-100': {
    message: 'お取引が制限されているため、ご注文いただけません。お客さま窓口までお問い合わせください。',
    field: null,
  },
  [TradingCode.creditCardNotAllowed]: {
    message: 'スポット購入はクレジットカードでお支払いいただけません。お預り金（口座振替）でご購入ください。',
    field: null,
  },
  [TradingCode.orderTooSmall]: {
    message: 'ご注文の金額または口数では1口も購入できません。金額または口数を増やしてください。',
    field: 'value',
  },
  [TradingCode.accountNotAllowed]: {
    message: 'ご指定の口座区分ではご購入いただけません。',
    field: 'accountType',
  },
  [TradingCode.nisaNotEligible]: { message: 'NISAをご利用いただけません。', field: 'accountType' },
  [TradingCode.nisaNotAllowed]: {
    message: 'このご注文はNISA成長投資枠ではご購入いただけません。',
    field: 'accountType',
  },
};

/**
 * A refused estimate or order in the customer's words. The server's own message follows the fixed
 * sentence where it says more (e.g. why an account is not allowed).
 */
export function refusalOf(error: Error): Refusal {
  if (error instanceof NetworkError)
    return {
      message:
        '通信できませんでした。通信状況をご確認のうえ、もう一度お試しください（同じご注文として受け付けますので、二重に注文されることはありません）。',
      field: null,
      retryable: true,
    };
  if (error instanceof ApiError) {
    if (error.code === TradingCode.idempotencyInProgress)
      return {
        message: 'ご注文を処理しています。しばらくしてから、もう一度お試しください。',
        field: null,
        retryable: true,
      };
    const known = refusals[error.code];
    if (known !== undefined) {
      const extra = known.field === 'accountType' && error.detail !== '' ? `（${error.detail}）` : '';
      return { message: known.message + extra, field: known.field, retryable: false };
    }
    if (error.status >= 500)
      return {
        message: 'エラーが発生しました。しばらく時間をおいて再度お試しください。',
        field: null,
        retryable: true,
      };
    if (error.detail !== '') return { message: error.detail, field: null, retryable: false };
  }
  return {
    message: 'ご注文を受け付けられませんでした。入力内容をご確認ください。',
    field: null,
    retryable: false,
  };
}

/** The fixed message and field of a refusal code (the same object each time), or null for another code. */
export function refusalByCode(
  code: string,
): { readonly message: string; readonly field: RefusalField } | null {
  return refusals[code] ?? null;
}
