import { z } from 'zod';
import { amountStringSchema } from './plans.ts';

// The card issuer's connected service (spec §7, domain.md §4): the customer's point balance, usable for
// spot purchases. Card linking itself (creditCard, authorizationToken) comes with issue 16.

/**
 * Answers of `GET /v1/cashflows/saisonConnect/point` other than 200 (spec §8 pass-through list): the web
 * app shows its own message and button for each.
 */
export const SaisonConnectErrorCode = {
  /** No credit card is set: the customer registers one (→ /saisonConnect). */
  noCreditCard: '400-100',
  /** The card must be registered again to use points for spot purchases (the issuer's first reason). */
  reRegistrationRequired: '400-101',
  /** The card on file is not a points-earning card: points cannot be used (対象外). */
  pointsCardRequired: '400-102',
  /** As 400-101, the issuer's second reason; the customer sees the same message. */
  reRegistrationRequiredAgain: '400-103',
  /** The card issuer's service is under maintenance. */
  cardServiceUnavailable: '400-503',
} as const;
export type SaisonConnectErrorCode = (typeof SaisonConnectErrorCode)[keyof typeof SaisonConnectErrorCode];

/** `GET /v1/cashflows/saisonConnect/point`: the points the customer can use now. */
export const saisonConnectPointSchema = z
  .object({
    point: z.object({
      /** Whole points, as a decimal string (100 points = 450 yen, usable from 200 in steps of 100). */
      balance: amountStringSchema,
      /** The day (JST) the balance is as of. */
      asOf: z.iso.date(),
    }),
  })
  .meta({ id: 'SaisonConnectPoint' });
export type SaisonConnectPoint = z.infer<typeof saisonConnectPointSchema>;

export { SaisonConnectPath } from './paths.ts';
