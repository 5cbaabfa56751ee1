import type { OrderView, SellOrderRequest } from '@fund/contracts';
import { newIdempotencyKey } from '../../../lib/api/idempotency-key';

// The sell flow's draft lives in the URL (?account=specific&type=QUANTITY&units=10000&step=confirm), so
// the confirmation survives a reload and the back button returns to what the customer typed. The intent's
// Idempotency-Key and the placed order live in sessionStorage, per fund: a reload of the confirmation, a
// double tap or a retry after a network error sends the same key, and the server places one order.

export type SellStep = 'input' | 'confirm' | 'done';
export type SellOrderType = SellOrderRequest['orderType'];

export interface SellDraft {
  readonly accountType: string;
  readonly orderType: SellOrderType;
  /** Digits ('' when not typed). */
  readonly amount: string;
  readonly units: string;
}

const orderTypes: readonly string[] = ['AMOUNT', 'QUANTITY', 'ALL'];
const digits = (value: string | null) => (value !== null && /^\d{1,16}$/.test(value) ? value : '');

export function sellStepOf(params: URLSearchParams): SellStep {
  const step = params.get('step');
  return step === 'confirm' || step === 'done' ? step : 'input';
}

export function sellDraftOf(params: URLSearchParams): SellDraft {
  const type = params.get('type') ?? '';
  return {
    accountType: params.get('account') ?? '',
    orderType: orderTypes.includes(type) ? (type as SellOrderType) : 'QUANTITY',
    amount: digits(params.get('amount')),
    units: digits(params.get('units')),
  };
}

export function sellDraftParams(draft: SellDraft, step: SellStep): URLSearchParams {
  const params = new URLSearchParams();
  if (draft.accountType !== '') params.set('account', draft.accountType);
  params.set('type', draft.orderType);
  if (draft.orderType === 'AMOUNT' && draft.amount !== '') params.set('amount', draft.amount);
  if (draft.orderType === 'QUANTITY' && draft.units !== '') params.set('units', draft.units);
  if (step !== 'input') params.set('step', step);
  return params;
}

/** The request a complete draft stands for; null when a figure is missing. */
export function sellRequestOf(fundCode: string, draft: SellDraft): SellOrderRequest | null {
  if (draft.accountType === '') return null;
  const base = { fundCode, accountType: draft.accountType as SellOrderRequest['accountType'] };
  if (draft.orderType === 'ALL') return { ...base, orderType: 'ALL' };
  if (draft.orderType === 'AMOUNT')
    return draft.amount === '' ? null : { ...base, orderType: 'AMOUNT', amount: draft.amount };
  return draft.units === '' ? null : { ...base, orderType: 'QUANTITY', units: draft.units };
}

interface StoredIntent {
  readonly request: string;
  readonly key: string;
  readonly order: OrderView | null;
}

const storageKey = (fundCode: string) => `fund.sellIntent.${fundCode}`;

function readIntent(fundCode: string): StoredIntent | null {
  try {
    const text = window.sessionStorage.getItem(storageKey(fundCode));
    return text === null ? null : (JSON.parse(text) as StoredIntent);
  } catch {
    return null;
  }
}

function writeIntent(fundCode: string, intent: StoredIntent): void {
  window.sessionStorage.setItem(storageKey(fundCode), JSON.stringify(intent));
}

/**
 * The Idempotency-Key of this request: the stored one while the customer confirms the same order (a
 * reload, a double tap, a retry), a new one for a changed order.
 */
export function sellIntentKey(request: SellOrderRequest): string {
  const signature = JSON.stringify(request);
  const stored = readIntent(request.fundCode);
  if (stored?.request === signature) return stored.key;
  const key = newIdempotencyKey();
  writeIntent(request.fundCode, { request: signature, key, order: null });
  return key;
}

/** Keeps the placed order with its intent, for the completion view (also after a reload). */
export function rememberPlacedSell(request: SellOrderRequest, order: OrderView): void {
  const stored = readIntent(request.fundCode);
  writeIntent(request.fundCode, {
    request: JSON.stringify(request),
    key: stored?.key ?? newIdempotencyKey(),
    order,
  });
}

export function placedSellOf(fundCode: string): OrderView | null {
  return readIntent(fundCode)?.order ?? null;
}

/** A new sell of the same fund is a new intent. */
export function forgetSellIntent(fundCode: string): void {
  window.sessionStorage.removeItem(storageKey(fundCode));
}
