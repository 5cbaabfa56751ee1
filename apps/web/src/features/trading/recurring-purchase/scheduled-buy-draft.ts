import { newIdempotencyKey } from '../../../lib/api/idempotency-key';
import type { PlanAccountType, PlanPaymentMethod } from './scheduled-buy-rules';

/**
 * What the customer chose so far in 積立 inputType → inputAmount → confirm. It lives in the URL's search
 * params, so each step, a reload and the back button all see the same draft (decision 012 "Forms");
 * `plan` is the id of the plan being changed (「?plan=ID」), absent for a new plan.
 */
export interface ScheduledBuyDraft {
  readonly plan: string | null;
  readonly paymentMethod: PlanPaymentMethod | null;
  readonly accountType: PlanAccountType | null;
  /** Digits of the monthly amount ('' when not entered). */
  readonly amount: string;
  readonly bonusMonths: readonly number[];
  readonly bonusAmount: string;
}

const paymentMethods: readonly PlanPaymentMethod[] = ['ACCOUNT_TRANSFER', 'CREDIT_CARD'];
const accountTypes: readonly PlanAccountType[] = ['specific', 'general', 'nisa2_tsumitate', 'nisa2_growth'];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

const digits = (value: string | null) => (value !== null && /^[0-9]{1,15}$/.test(value) ? value : '');

export function draftOf(params: URLSearchParams): ScheduledBuyDraft {
  const months = (params.get('bonusMonths') ?? '')
    .split(',')
    .filter((part) => /^(?:[1-9]|1[0-2])$/.test(part))
    .map(Number);
  return {
    plan: params.get('plan'),
    paymentMethod: oneOf(paymentMethods, params.get('pay')),
    accountType: oneOf(accountTypes, params.get('account')),
    amount: digits(params.get('amount')),
    bonusMonths: [...new Set(months)].slice(0, 2),
    bonusAmount: digits(params.get('bonusAmount')),
  };
}

/** The draft as search params, empty values left out (spec §5: empty query values are omitted). */
export function searchOf(draft: Partial<ScheduledBuyDraft>): string {
  const params = new URLSearchParams();
  if (draft.plan != null) params.set('plan', draft.plan);
  if (draft.paymentMethod != null) params.set('pay', draft.paymentMethod);
  if (draft.accountType != null) params.set('account', draft.accountType);
  if (draft.amount) params.set('amount', draft.amount);
  if (draft.bonusMonths !== undefined && draft.bonusMonths.length > 0) {
    params.set('bonusMonths', draft.bonusMonths.join(','));
  }
  if (draft.bonusAmount && draft.bonusMonths !== undefined && draft.bonusMonths.length > 0) {
    params.set('bonusAmount', draft.bonusAmount);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function stepPath(
  code: string,
  step: 'inputType' | 'inputAmount' | 'confirm',
  draft: Partial<ScheduledBuyDraft>,
) {
  return `/trading/scheduledBuy/${encodeURIComponent(code)}/${step}${searchOf(draft)}`;
}

const keyPrefix = 'fund.scheduledBuy.key:';

/**
 * One Idempotency-Key per intent: the same fund, plan and draft keep their key in session storage, so a
 * double tap, a retry after a network error and a reload of the confirm screen all send the same key and
 * the server sets the plan up once. Any change of the draft is a new intent with a new key.
 */
export function intentKey(intent: string): string {
  const storageKey = keyPrefix + intent;
  const stored = window.sessionStorage.getItem(storageKey);
  if (stored !== null) return stored;
  const key = newIdempotencyKey();
  window.sessionStorage.setItem(storageKey, key);
  return key;
}
