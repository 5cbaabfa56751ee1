import {
  depositTypeValues,
  linkedCardStateTypeValues,
  type DepositType,
  type LinkedCardStateType,
} from '@fund/domain';
import { z } from 'zod';

// The customer's payment accounts as the app shows them (spec §7; domain.md §3, §4): the credit card on
// file (GET /v1/cashflows/creditCard, 400-100 when none) and the bank account debited by 口座振替
// (GET /v1/cashflows/accountTransfer/account, 400-666 when none). Card numbers and account numbers are
// never sent whole: only the last digits.

/**
 * The card's state with the issuer: what the point balance call answers follows from it (spec §8):
 * ACTIVE → the balance; RE_REGISTRATION_REQUIRED → 400-101/103; NOT_POINTS_CARD → 400-102. The values
 * are @fund/domain's LinkedCardStateType, whose rules decide those answers.
 */
export type CreditCardState = LinkedCardStateType;

/** `GET /v1/cashflows/creditCard`: the card linked through the issuer's connected service. */
export const creditCardSchema = z
  .object({
    creditCard: z.object({
      /** The card's product name as the issuer gives it (e.g. セゾンカードインターナショナル). */
      cardName: z.string(),
      /** The last four digits of the card number. */
      last4: z.string().regex(/^[0-9]{4}$/),
      /** 有効期限, YYYY-MM. */
      expiry: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/),
      /** Whether purchases with it earn points the customer may use for spot buys. */
      pointsEarning: z.boolean(),
      state: z.enum(linkedCardStateTypeValues),
      /** The day (JST) the card was linked. */
      linkedOn: z.iso.date(),
    }),
  })
  .meta({ id: 'CreditCard' });
export type CreditCard = z.infer<typeof creditCardSchema>;

/** 預金種目 of the debited bank account (the spec's DepositType: 口座振替 debits no 貯蓄預金). */
export type BankAccountType = DepositType;

/** `GET /v1/cashflows/accountTransfer/account`: the bank account 口座振替 debits (積立 and 毎月の入金). */
export const accountTransferAccountSchema = z
  .object({
    account: z.object({
      bankCode: z.string().regex(/^[0-9]{4}$/),
      bankName: z.string(),
      branchCode: z.string().regex(/^[0-9]{3}$/),
      branchName: z.string(),
      accountType: z.enum(depositTypeValues),
      /** The last three digits of the account number; the rest is never sent. */
      accountNumberLast3: z.string().regex(/^[0-9]{3}$/),
      /** 口座名義 in katakana, as the bank holds it. */
      holderNameKana: z.string(),
    }),
  })
  .meta({ id: 'AccountTransferAccount' });
export type AccountTransferAccount = z.infer<typeof accountTransferAccountSchema>;

// Linking the card (decision 018). The web app sends the customer to the issuer's authorize screen with a
// state it keeps; the issuer returns to /saisonConnect with an authorization `code`, which the server
// exchanges with the issuer server-to-server (POST authorizationToken). The issuer then asks for its
// multi-factor step (onetime_token → /saisonConnect/mfa); once it is done the web app registers the
// card (PUT creditCard with the same onetime token), which links it, or replaces the card on file.

/** Errors of the link calls (both are on the pass-through list with any code: the screens say why). */
export const CardLinkErrorCode = {
  /** The issuer did not accept the authorization code (expired, used, or not for this app). */
  authorizationRefused: '400-110',
  /** The issuer's multi-factor step was not completed for this onetime token, or it belongs to nobody. */
  mfaNotCompleted: '400-111',
  /** The card issuer's service is under maintenance (as the point call's 400-503). */
  cardServiceUnavailable: '400-503',
} as const;
export type CardLinkErrorCode = (typeof CardLinkErrorCode)[keyof typeof CardLinkErrorCode];

/** `POST /v1/cashflows/saisonConnect/authorizationToken`: the issuer's code from the return to /saisonConnect. */
export const authorizationTokenRequestSchema = z
  .object({
    code: z.string().min(1).max(512),
    /** The redirect URI the authorize request named (the issuer checks they are the same). */
    redirectUri: z.url().max(2048),
  })
  .meta({ id: 'AuthorizationTokenRequest' });
export type AuthorizationTokenRequest = z.infer<typeof authorizationTokenRequestSchema>;

/** The code was exchanged: the issuer's multi-factor step comes next, with this onetime token. */
export const authorizationTokenResponseSchema = z
  .object({
    mfaRequired: z.literal(true),
    onetimeToken: z.string().min(1).max(512),
  })
  .meta({ id: 'AuthorizationTokenResponse' });
export type AuthorizationTokenResponse = z.infer<typeof authorizationTokenResponseSchema>;

/**
 * `PUT /v1/cashflows/creditCard`: register the card the issuer verified (its multi-factor step done for
 * this onetime token) as the card on file, replacing any card before (登録・再登録). Card 積立 are then
 * charged to it. Answers the card as `GET /v1/cashflows/creditCard` does.
 */
export const putCreditCardRequestSchema = z
  .object({ onetimeToken: z.string().min(1).max(512) })
  .meta({ id: 'PutCreditCardRequest' });
export type PutCreditCardRequest = z.infer<typeof putCreditCardRequestSchema>;
