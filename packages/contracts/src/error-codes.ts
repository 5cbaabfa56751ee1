/**
 * Stable error codes carried in every error body (spec §3, §8). The first three digits are the HTTP
 * status; the web app decides what to show from the code, never from the status alone.
 */
export const ErrorCode = {
  badRequest: '400-000',
  /** Trading-system user status: the account is locked (spec §8). */
  accountLocked: '400-100',
  /**
   * The call does not apply to this customer's account (e.g. NISA status without a NISA account); the
   * web app passes it through without a toast for the calls of spec §8's pass-through list.
   */
  notApplicableToAccount: '400-666',
  unauthorized: '401-000',
  forbidden: '403-000',
  notFound: '404-000',
  methodNotAllowed: '405-000',
  requestTimeout: '408-000',
  conflict: '409-000',
  payloadTooLarge: '413-000',
  unsupportedMediaType: '415-000',
  unprocessable: '422-000',
  tooManyRequests: '429-000',
  internal: '500-000',
  serviceUnavailable: '503-001',
  /** Maintenance status answer: maintenance in effect (spec §7, §8). */
  maintenance: '503-000',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The HTTP status an error code is answered with: its first three digits. */
export function statusOfErrorCode(code: string): number {
  const status = Number.parseInt(code.slice(0, 3), 10);
  return Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}
