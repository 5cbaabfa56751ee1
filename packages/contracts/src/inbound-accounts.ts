import { accountRoleTypeValues, accountTypeValues } from '@fund/domain';
import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

// Calls from the account-opening site and the trading system (docs/inbound-interfaces.md): an account
// opened, updated or closed, and the trading status (ロック). Each is an event with the sender's own id:
// resent, it changes nothing. Signed like the fund feed (X-Partner-Timestamp, X-Partner-Signature).

const eventFields = {
  /** The sender's id of the event: letters, digits and `._:-`, unique for the sender. */
  eventId: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'is not 1–100 letters, digits or ._:-'),
  /** When it happened at the sender (ISO 8601 with offset). */
  occurredAt: z.iso.datetime({ offset: true }),
  /** 口座番号: what the customer signs in with. */
  accountNumber: z.string().regex(/^[0-9]{7}$/, 'is not 7 digits'),
};

const name = z.string().trim().min(1).max(50);
const kana = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[ァ-ヶー\u3000 ]+$/u, 'is not katakana');

/** The holder as the account-opening site knows them (氏名, カナ, 生年月日, メールアドレス). */
export const inboundProfileSchema = z.strictObject({
  lastName: name,
  firstName: name,
  lastNameKana: kana,
  firstNameKana: kana,
  /** Null for a corporation. */
  birthDate: isoDateSchema.nullable(),
  email: z.email().max(254),
});

const openedAccount = z.strictObject({ type: z.enum(accountTypeValues), openedOn: isoDateSchema });
const closedAccount = z.strictObject({ type: z.enum(accountTypeValues), closedOn: isoDateSchema });

/**
 * 口座開設完了: the account of this 口座番号 is open. For a customer who signed up here the number is the
 * one sign-up gave; a customer not known here yet is created from `profile` (required then).
 */
export const accountOpenedSchema = z.strictObject({
  type: z.literal('account.opened'),
  ...eventFields,
  /** 部店コード */
  branchCode: z.string().regex(/^[0-9]{3}$/),
  accountRole: z.enum(accountRoleTypeValues),
  /** The accounts opened (特定口座, NISA …), at least one. */
  accounts: z.array(openedAccount).min(1).max(accountTypeValues.length),
  /** The date the customer's information (適合性) was confirmed at the opening. */
  confirmedOn: isoDateSchema,
  profile: inboundProfileSchema.optional(),
});

/** 登録内容変更: what changed; a field left out is unchanged. */
export const accountUpdatedSchema = z.strictObject({
  type: z.literal('account.updated'),
  ...eventFields,
  profile: inboundProfileSchema.partial().optional(),
  branchCode: z
    .string()
    .regex(/^[0-9]{3}$/)
    .optional(),
  accountsOpened: z.array(openedAccount).max(accountTypeValues.length).optional(),
  accountsClosed: z.array(closedAccount).max(accountTypeValues.length).optional(),
  /** お客さま情報の確認 (yearly re-confirmation) done on this date. */
  confirmedOn: isoDateSchema.optional(),
});

/** 口座閉鎖: the account is closed (refused while holdings, orders or cash remain). */
export const accountClosedSchema = z.strictObject({
  type: z.literal('account.closed'),
  ...eventFields,
  closedOn: isoDateSchema,
});

export const accountEventSchema = z.discriminatedUnion('type', [
  accountOpenedSchema,
  accountUpdatedSchema,
  accountClosedSchema,
]);
export type AccountEvent = z.infer<typeof accountEventSchema>;

/** 取引ステータス from the trading system: locked, the customer may sign in but not trade (400-100). */
export const tradingStatusEventSchema = z.strictObject({
  type: z.literal('trading.status'),
  ...eventFields,
  locked: z.boolean(),
});
export type TradingStatusEvent = z.infer<typeof tradingStatusEventSchema>;

/**
 * 入金通知 from the trading system: a bank transfer (振込入金) arrived for the customer; it becomes their
 * お預り金 on `receivedOn` (not after today).
 */
export const depositReceivedEventSchema = z.strictObject({
  type: z.literal('deposit.received'),
  ...eventFields,
  /** Whole yen, as a decimal string. */
  amount: z.string().regex(/^[1-9][0-9]{0,11}$/, 'is not a positive whole number of yen'),
  receivedOn: isoDateSchema,
});
export type DepositReceivedEvent = z.infer<typeof depositReceivedEventSchema>;

/** The answer to an applied event: `applied` now, or `already-applied` (a resend; nothing changed). */
export const inboundEventAnswerSchema = z.object({
  eventId: z.string(),
  status: z.enum(['applied', 'already-applied']),
});
export type InboundEventAnswer = z.infer<typeof inboundEventAnswerSchema>;
