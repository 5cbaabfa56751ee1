import type { BuyOrderRequest, DistributionCourseValue, OrderEstimateRequest } from '@fund/contracts';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';

/** The accounts a spot buy may name (つみたて投資枠 takes recurring purchases only, domain.md §5). */
export const spotBuyAccounts = ['specific', 'general', 'nisa2_growth'] as const;
export type SpotBuyAccount = (typeof spotBuyAccounts)[number];

export type BuyOrderType = 'AMOUNT' | 'QUANTITY';

/**
 * What the customer typed on the input page, carried to the confirm page in the URL (so a reload or the
 * back button keeps it) and back to the input page to change it. Figures are plain digits, never floats.
 */
export interface BuyDraft {
  readonly orderType: BuyOrderType;
  /** Yen (AMOUNT) or units (QUANTITY), digits. */
  readonly value: string;
  readonly accountType: SpotBuyAccount;
  /** Points to use, digits; '0' for none (points go with AMOUNT only). */
  readonly points: string;
  /** 分配金の受取方法 of the holding (再投資 unless the customer chose 受取 or the fund offers only 受取). */
  readonly course: DistributionCourseValue;
}

const positiveDigits = /^[1-9][0-9]{0,15}$/;
const pointDigits = /^(0|[1-9][0-9]{0,15})$/;

function isSpotBuyAccount(value: string | null): value is SpotBuyAccount {
  return (spotBuyAccounts as readonly (string | null)[]).includes(value);
}

/** `?type=AMOUNT&amount=50000&account=specific&points=200&course=RECEIVE` — the draft as search parameters. */
export function draftSearchParams(draft: BuyDraft): URLSearchParams {
  const params = new URLSearchParams({ type: draft.orderType });
  params.set(draft.orderType === 'AMOUNT' ? 'amount' : 'units', draft.value);
  params.set('account', draft.accountType);
  if (draft.orderType === 'AMOUNT' && draft.points !== '0') params.set('points', draft.points);
  if (draft.course === 'RECEIVE') params.set('course', 'RECEIVE');
  return params;
}

/** The draft in the search parameters, or null when any part is missing or malformed. */
export function draftFromSearchParams(params: URLSearchParams): BuyDraft | null {
  const orderType = params.get('type');
  if (orderType !== 'AMOUNT' && orderType !== 'QUANTITY') return null;
  const value = params.get(orderType === 'AMOUNT' ? 'amount' : 'units') ?? '';
  const accountType = params.get('account');
  const points = orderType === 'AMOUNT' ? (params.get('points') ?? '0') : '0';
  if (!positiveDigits.test(value) || !isSpotBuyAccount(accountType) || !pointDigits.test(points)) return null;
  const course = params.get('course') === 'RECEIVE' ? 'RECEIVE' : 'REINVEST';
  return { orderType, value, accountType, points, course };
}

/** `POST /v1/orders/buy` body of the draft: paid from お預り金 (口座振替), never by card (spec §5). */
export function buyRequestOf(fundCode: string, draft: BuyDraft): BuyOrderRequest {
  return draft.orderType === 'AMOUNT'
    ? {
        fundCode,
        accountType: draft.accountType,
        orderType: 'AMOUNT',
        amount: draft.value,
        paymentMethod: 'ACCOUNT_TRANSFER',
        points: draft.points,
        distributionCourse: draft.course,
      }
    : {
        fundCode,
        accountType: draft.accountType,
        orderType: 'QUANTITY',
        units: draft.value,
        paymentMethod: 'ACCOUNT_TRANSFER',
        distributionCourse: draft.course,
      };
}

export function estimateRequestOf(fundCode: string, draft: BuyDraft): OrderEstimateRequest {
  const { distributionCourse: _course, ...order } = buyRequestOf(fundCode, draft);
  return { side: 'BUY', ...order };
}

// One Idempotency-Key per intent (security.md 25): made when the confirm page first opens for a draft and
// kept in session storage beside it, so a reload, a second tap or a retry after a network error sends the
// same key and the server places one order; going back to input to order again starts a new intent.
const intentStorageKey = 'fund.trading.buy.intent';

interface StoredIntent {
  readonly draft: string;
  readonly key: string;
}

function intentId(fundCode: string, draft: BuyDraft): string {
  return `${fundCode}?${draftSearchParams(draft).toString()}`;
}

function readIntent(): StoredIntent | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(intentStorageKey) ?? 'null');
    if (parsed === null || typeof parsed !== 'object') return null;
    const { draft, key } = parsed as Record<string, unknown>;
    return typeof draft === 'string' && typeof key === 'string' ? { draft, key } : null;
  } catch {
    return null;
  }
}

/** The key of this draft's intent: the stored one when the draft is the same, else a new one, stored. */
export function intentKeyFor(fundCode: string, draft: BuyDraft): string {
  const id = intentId(fundCode, draft);
  const stored = readIntent();
  if (stored !== null && stored.draft === id) return stored.key;
  const key = newIdempotencyKey();
  window.sessionStorage.setItem(intentStorageKey, JSON.stringify({ draft: id, key } satisfies StoredIntent));
  return key;
}

/** The customer goes from input to confirm again: whatever they order now is a new intent. */
export function startNewIntent(): void {
  window.sessionStorage.removeItem(intentStorageKey);
}
