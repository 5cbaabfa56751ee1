import { accountRoleTypeValues, equityStatusTypeValues } from '@fund/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, pgEnum, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** 口座区分 — who holds the account (spec §3 AccountRoleType). */
export const accountRole = pgEnum('account_role', accountRoleTypeValues);
export type AccountRole = (typeof accountRole.enumValues)[number];

/**
 * State of the customer's securities account (spec §3 `status.equity`). The shell shows the closed-account
 * screen for CLOSE and sends the customer to the account-opening site for NONE (no account opened yet).
 */
export const equityStatus = pgEnum('equity_status', equityStatusTypeValues);
export type EquityStatus = (typeof equityStatus.enumValues)[number];

/** お客さま: one row per account holder (individual, corporation or minor). */
export const customers = pgTable(
  'customers',
  {
    // uuid rather than a sequence: customer ids travel in URLs and must not be guessable or countable
    id: uuid('id').primaryKey().defaultRandom(),
    /** 口座番号 — what the customer signs in with and quotes to the call centre. */
    accountNumber: varchar('account_number', { length: 7 }).notNull().unique(),
    /** 部店コード */
    branchCode: varchar('branch_code', { length: 3 }).notNull(),
    // A corporation keeps its registered name (商号) in last_name and leaves first_name empty, so the
    // "last first" display of the spec still reads correctly.
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    accountRole: accountRole('account_role').notNull(),
    equityStatus: equityStatus('equity_status').notNull(),
    /** ロック — the trading system refuses this user (its user-status call answers 400-100). */
    locked: boolean('locked').notNull().default(false),
    /**
     * Last yearly re-confirmation of suitability information (お客さま情報の確認); the shell asks again once
     * it is a year old. Null until the customer has confirmed for the first time (e.g. no account opened).
     */
    lastConfirmedOn: date('last_confirmed_on', { mode: 'string' }),
    /** Null only for corporations, which have no birth date (enforced below). */
    birthDate: date('birth_date', { mode: 'string' }),
    // not unique: a parent's address is commonly registered for a child's or junior NISA account too
    email: text('email').notNull(),
    /**
     * When the customer moved from the legacy sign-in (old login ID) to the identity service; null for a
     * customer still to migrate (/v6/users/migratedStatus). Customers who signed up here are migrated from
     * the start.
     */
    identityMigratedAt: timestamp('identity_migrated_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('customers_account_number_format', sql`${table.accountNumber} ~ '^[0-9]{7}$'`),
    check('customers_branch_code_format', sql`${table.branchCode} ~ '^[0-9]{3}$'`),
    check(
      'customers_birth_date_required',
      sql`${table.accountRole} = 'CORPORATION' OR ${table.birthDate} IS NOT NULL`,
    ),
  ],
);

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
