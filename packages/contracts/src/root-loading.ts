import { accountRoleTypeValues, equityStatusTypeValues } from '@fund/domain';
import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

// Answers of the calls the web app's root shell makes on start (spec §2 "Root shell", §3 "Response
// shapes", §4 "Root loading"). Field names the spec gives are kept exactly; fields it leaves out are ours.
// The web app imports these as types only, so zod stays out of its first-screen bundle.

const isoDate = isoDateSchema;
const isoDateTime = z.iso.datetime({ offset: true });

/** AccountRoleType of spec §3, as @fund/domain (and the database) lists it. */
export const accountRoleSchema = z.enum(accountRoleTypeValues);
export type AccountRoleType = z.infer<typeof accountRoleSchema>;

/**
 * Opaque id of the customer for the partner sites (`hashed_user_id` of spec §7 hand-offs): a keyed hash,
 * so a partner can match a returning customer without learning the account number.
 */
const hashedUserIdSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** `status.equity` of the securities account, as @fund/domain's trading standing reads it. */
export const equityStatusSchema = z.enum(equityStatusTypeValues);

/** `GET /v6/accountStatus`: `status.equity` is CLOSE (閉鎖), NONE (口座未開設) or OPEN. */
export const accountStatusSchema = z
  .object({
    status: z.object({ equity: equityStatusSchema }),
    hashedUserId: hashedUserIdSchema,
  })
  .meta({ id: 'AccountStatus' });
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** `GET /v1/wb4UserStatus`: the trading system's view of the user; a locked user gets 400-100 instead. */
export const tradingUserStatusSchema = z
  .object({ status: z.literal('ACTIVE') })
  .meta({ id: 'TradingUserStatus' });
export type TradingUserStatus = z.infer<typeof tradingUserStatusSchema>;

/** `GET /v1/badges/information` and `/v1/badges/informationOthers`: unread notices of the category. */
export const informationBadgeSchema = z
  .object({ data: z.object({ informations: z.object({ unreadAll: z.number().int().nonnegative() }) }) })
  .meta({ id: 'InformationBadge' });
export type InformationBadge = z.infer<typeof informationBadgeSchema>;

/** `GET /v6/accounts`: 部店コード and 口座番号 (customerCode). */
export const accountsSchema = z
  .object({
    account: z.object({
      branchCode: z.string().regex(/^\d{3}$/),
      customerCode: z.string().regex(/^\d{7}$/),
    }),
  })
  .meta({ id: 'Accounts' });
export type Accounts = z.infer<typeof accountsSchema>;

/** `GET /v6/unmaskedUsers`: the customer's own unmasked name and the fields the shell decides with. */
export const unmaskedUserSchema = z
  .object({
    profile: z.object({
      lastName: z.string(),
      firstName: z.string(),
      lastNameKana: z.string(),
      firstNameKana: z.string(),
    }),
    accountRole: accountRoleSchema,
    /** Last yearly re-confirmation (JST date); null before the first one. */
    lastConfirmedOn: isoDate.nullable(),
    hashedUserId: hashedUserIdSchema,
  })
  .meta({ id: 'UnmaskedUser' });
export type UnmaskedUser = z.infer<typeof unmaskedUserSchema>;

/** `GET /v6/updateAccountRequests`: the pending account-update request, or null when there is none. */
export const updateAccountRequestsSchema = z
  .object({
    updateAccountRequest: z
      .object({
        id: z.uuid(),
        kind: z.enum(['ADDRESS', 'NAME', 'CONTACT', 'SUITABILITY']),
        requestedAt: isoDateTime,
      })
      .nullable(),
  })
  .meta({ id: 'UpdateAccountRequests' });
export type UpdateAccountRequests = z.infer<typeof updateAccountRequestsSchema>;

/** `GET /v6/nisaRequests`: NISA applications still under review. */
export const nisaRequestsSchema = z
  .object({
    nisaRequests: z.array(
      z.object({
        id: z.uuid(),
        kind: z.enum(['OPEN', 'CHANGE_INSTITUTION', 'CLOSE']),
        requestedAt: isoDateTime,
      }),
    ),
  })
  .meta({ id: 'NisaRequests' });
export type NisaRequests = z.infer<typeof nisaRequestsSchema>;

/** `GET /v6/users/migratedStatus`: whether the customer has moved from the legacy sign-in. */
export const migratedStatusSchema = z
  .object({ migrated: z.boolean(), migratedAt: isoDateTime.nullable() })
  .meta({ id: 'MigratedStatus' });
export type MigratedStatus = z.infer<typeof migratedStatusSchema>;

/** `GET /v1/lastLogIn`: the sign-in before the current one (前回ログイン), null on the first. */
export const lastLogInSchema = z
  .object({ lastLogIn: z.object({ at: isoDateTime }).nullable() })
  .meta({ id: 'LastLogIn' });
export type LastLogIn = z.infer<typeof lastLogInSchema>;

/** `GET /v6/tradeReportUrl`: where the customer reads the 電子交付書面 (a short-lived link). */
export const tradeReportUrlSchema = z.object({ tradeReportUrl: z.url() }).meta({ id: 'TradeReportUrl' });
export type TradeReportUrl = z.infer<typeof tradeReportUrlSchema>;

/** Balance service `GET /balance/trades_report`: the same documents as a page to frame. */
export const tradesReportSchema = z
  .object({ data: z.object({ frame_url: z.url() }) })
  .meta({ id: 'TradesReport' });
export type TradesReport = z.infer<typeof tradesReportSchema>;
