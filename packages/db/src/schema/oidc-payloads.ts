import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Storage of the OpenID provider (oidc-provider's adapter interface): sessions, interactions, grants,
 * authorization codes, refresh tokens, device codes, registered clients. One table for every model,
 * keyed by model and id; the columns beside the payload exist for the lookups the adapter makes.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    /** The library's model name: `Session`, `Grant`, `AuthorizationCode`, `RefreshToken`, … */
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Everything issued under one grant is revoked together (code reuse, refresh-token replay). */
    grantId: text('grant_id'),
    /** Device flow: the code the customer types on the verification page. */
    userCode: text('user_code'),
    /** Session lookup by its uid. */
    uid: text('uid'),
    /** The signed-in account, so every grant and session of a customer can be found (global sign-out). */
    accountId: text('account_id'),
    /** Null: kept until deleted (registered clients). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set exactly once, by an atomic update: a code or refresh token is used at most once. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('oidc_payloads_grant_id_idx').on(table.grantId),
    index('oidc_payloads_user_code_idx').on(table.userCode),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_account_id_idx').on(table.accountId),
    index('oidc_payloads_expires_at_idx').on(table.expiresAt),
  ],
);

export type OidcPayload = typeof oidcPayloads.$inferSelect;
