import { PlanErrorCode } from '@fund/contracts';
import { ApiError } from '../../../lib/api/api-client';
import { sellRefusalOf, type SellRefusal } from '../shared/sell-refusals';

/** Shown when the server's refusal of a 定期売却 rule comes without a message of its own. */
const fallbacks: Readonly<Record<string, string>> = {
  [PlanErrorCode.scheduledSellNotAllowed]:
    '定期売却は特定口座でのみご利用いただけます（法人のお客さまはご利用いただけません）。',
  [PlanErrorCode.scheduledSellValueInvalid]: '金額・口数は1以上、定率は1〜100%の整数で指定してください。',
  [PlanErrorCode.scheduledSellNoHolding]: '特定口座で保有しているファンドにのみ定期売却を設定できます。',
  [PlanErrorCode.planAlreadyExists]: 'このファンドの定期売却はすでに設定されています。',
  [PlanErrorCode.planStatusConflict]: 'この定期売却の状態では、このお手続きはできません。',
};

/**
 * A refusal of a 定期売却 call: the value rule (400-224) beside the 売却方法 figure the customer typed,
 * every other rule of the plans API (400-223 account or corporation, 400-225 no holding, 409-204 one
 * already set, 409-205 its state) and the account states on the form, in the server's words.
 */
export function scheduledSellRefusalOf(error: unknown): SellRefusal {
  if (!(error instanceof ApiError)) return sellRefusalOf(error);
  const fallback = fallbacks[error.code];
  if (fallback === undefined) return sellRefusalOf(error);
  const message = error.detail === '' ? fallback : error.detail;
  return { field: error.code === PlanErrorCode.scheduledSellValueInvalid ? 'figure' : 'form', message };
}
