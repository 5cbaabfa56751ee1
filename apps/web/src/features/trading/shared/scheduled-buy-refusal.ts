import { ErrorCode, PlanErrorCode, TradingErrorCode } from '@fund/contracts';
import { ApiError, NetworkError } from '../../../lib/api/api-client';

/**
 * Where a refusal of a plan call belongs on the screen: beside the row the customer can change (お支払い方法,
 * 口座区分, 積立金額 with its ボーナス月), or the form.
 */
export type PlanRefusalField = 'paymentMethod' | 'accountType' | 'amount' | 'form';

export interface PlanRefusal {
  readonly field: PlanRefusalField;
  readonly message: string;
}

const networkMessage =
  '通信できませんでした。電波の良いところで、もう一度お試しください（同じお申込みが二重に登録されることはありません）。';

const unknownMessage = 'エラーが発生しました。しばらく時間をおいて再度お試しください。';

interface Placement {
  readonly field: PlanRefusalField;
  /** Shown when the server sent no message of its own. */
  readonly fallback: string;
}

/**
 * One row per rule the plans API refuses with a code of its own (PlanErrorCode) or shares with the orders
 * (TradingErrorCode), and the account states (spec §8). The server's message says the rule with the
 * customer's own figures (the month the card total passes 100,000 yen, the bonus month repeated …), so it
 * is shown as written; the fallback only covers an answer without one.
 */
const placements: Readonly<Record<string, Placement>> = {
  [PlanErrorCode.recurringAmountInvalid]: {
    field: 'amount',
    fallback: '毎月の積立金額は5,000円以上、1,000円単位で指定してください。',
  },
  [PlanErrorCode.bonusInvalid]: {
    field: 'amount',
    fallback: 'ボーナス月は2か月まで、増額分は5,000円以上・1,000円単位で指定してください。',
  },
  [PlanErrorCode.cardMonthlyLimit]: {
    field: 'paymentMethod',
    fallback: 'クレジットカードでの積立は、すべての積立の合計で月100,000円までです。',
  },
  [PlanErrorCode.cardNotChargeable]: {
    field: 'paymentMethod',
    fallback:
      'ご登録のクレジットカードがないため、クレジットカードでの積立は設定できません。マイページからカードを登録してください。',
  },
  [PlanErrorCode.bankAccountMissing]: {
    field: 'paymentMethod',
    fallback:
      '口座振替の金融機関口座が登録されていないため、口座振替での積立は設定できません。マイページで口座振替のお申込み方法をご確認ください。',
  },
  [PlanErrorCode.planAlreadyExists]: {
    field: 'accountType',
    fallback: 'このファンドと口座区分の積立はすでに設定されています。',
  },
  [PlanErrorCode.planStatusConflict]: {
    field: 'form',
    fallback: 'この積立の状態では、このお手続きはできません。画面を更新してご確認ください。',
  },
  [TradingErrorCode.accountNotAllowed]: {
    field: 'accountType',
    fallback: 'ご指定の口座区分ではお手続きできません。',
  },
  [TradingErrorCode.nisaNotEligible]: {
    field: 'accountType',
    fallback: 'NISA口座でのお手続きはできません。',
  },
  [TradingErrorCode.nisaNotAllowed]: {
    field: 'accountType',
    fallback: 'このファンドは、ご指定のNISAの投資枠の対象ではありません。',
  },
  [TradingErrorCode.accountNotOpen]: {
    field: 'accountType',
    fallback: 'ご指定の口座区分の口座が開設されていません。',
  },
  [TradingErrorCode.fundNotOnSale]: {
    field: 'form',
    fallback: 'このファンドは現在お申込みを受け付けていません。',
  },
  [TradingErrorCode.accountClosed]: {
    field: 'form',
    fallback: '現在の口座の状態ではお手続きできません。',
  },
};

/** Spec §8: a locked account is told so in the spec's words, whatever the server wrote. */
const lockedMessage =
  'お客さまの口座はアカウントロックされているため、お手続きできません。お客さま窓口へお問い合わせください。';

/** The refusal of a plan call (積立, its moves, 毎月の入金), with the row of the screen it is about. */
export function planRefusalOf(error: unknown): PlanRefusal {
  if (error instanceof NetworkError) return { field: 'form', message: networkMessage };
  if (!(error instanceof ApiError)) return { field: 'form', message: unknownMessage };
  if (error.code === ErrorCode.accountLocked) return { field: 'form', message: lockedMessage };
  const placement = placements[error.code];
  if (placement === undefined) {
    return {
      field: 'form',
      message: withFallback(error.detail, 'お手続きできませんでした。内容をご確認ください。'),
    };
  }
  return { field: placement.field, message: withFallback(error.detail, placement.fallback) };
}

function withFallback(detail: string, fallback: string): string {
  return detail === '' ? fallback : detail;
}
