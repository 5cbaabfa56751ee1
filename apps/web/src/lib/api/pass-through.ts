import type { RequestOptions } from './api-client';

/**
 * The pass-through list of spec §8: per call, the error codes thrown to the caller without a toast (the
 * screen shows its own message, e.g. the point-use messages). Use as `{ passThrough: PassThrough.x }`.
 */
export const PassThrough = {
  /** GET /v1/cashflows/creditCard */
  getCreditCard: ['400-100'],
  /** PUT /v1/cashflows/creditCard */
  putCreditCard: 'any',
  /** POST /v1/cashflows/saisonConnect/authorizationToken */
  postSaisonConnectAuthorizationToken: 'any',
  /** GET /v1/cashflows/accountTransfer/account */
  getAccountTransferAccount: ['400-666'],
  /** GET /v6/updateAccountRequests */
  getUpdateAccountRequests: ['400-000'],
  /** GET /v6/nisaRequests */
  getNisaRequests: ['400-000'],
  /** GET /v6/nisaStatusByYear */
  getNisaStatusByYear: ['400-666'],
  /** GET /v6/unmaskedUsers */
  getUnmaskedUsers: ['400-666'],
  /** GET /v1/lastLogIn */
  getLastLogIn: ['400-000'],
  /** POST /v1/orders/{orderId}/cancel: the order card says in place why it cannot be cancelled any more */
  postOrderCancel: ['409-202'],
  /** GET /v1/cashflows/saisonConnect/point */
  getSaisonConnectPoint: ['400-100', '400-101', '400-102', '400-103', '400-503'],
} as const satisfies Record<string, NonNullable<RequestOptions['passThrough']>>;
