import { isOneOf } from './enum-values.ts';

/** How a recurring purchase is paid: 口座振替 or credit card (spec §3). */
export const paymentMethodValues = ['ACCOUNT_TRANSFER', 'CREDIT_CARD'] as const;
export type PaymentMethod = (typeof paymentMethodValues)[number];
export const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  isOneOf(paymentMethodValues, value);

/**
 * Status of a recurring payment (spec §3); for cards PROCESSING reads 認証中. The allowed moves are in
 * `status/payment-status.ts`.
 */
export const paymentStatusTypeValues = [
  'SUCCESS',
  'FAILURE',
  'RESET',
  'NONE',
  'RECEIVED',
  'PROCESSING',
] as const;
export type PaymentStatusType = (typeof paymentStatusTypeValues)[number];
export const isPaymentStatusType = (value: unknown): value is PaymentStatusType =>
  isOneOf(paymentStatusTypeValues, value);
