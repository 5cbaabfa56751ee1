import { depositTypeValues, linkedCardStateTypeValues } from '@fund/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/**
 * The card's state with the issuer (LinkedCardStateType of @fund/domain, CreditCardState of the contracts): ACTIVE, RE_REGISTRATION_REQUIRED
 * (the issuer asks for the card to be linked again before points may be used), NOT_POINTS_CARD, EXPIRED.
 */
export const linkedCardState = pgEnum('linked_card_state', linkedCardStateTypeValues);
export type LinkedCardState = (typeof linkedCardState.enumValues)[number];

/**
 * The credit card linked through the card issuer's connected service (セゾンカード連携), one per customer:
 * linking again replaces it. Only what the app shows is kept: never the card number, only its last four.
 */
export const linkedCards = pgTable(
  'linked_cards',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The issuer's id of the card holder (the `sub` of its token answer). */
    issuerSubject: text('issuer_subject').notNull(),
    cardName: text('card_name').notNull(),
    last4: text('last4').notNull(),
    /** 有効期限, YYYY-MM. */
    expiry: text('expiry').notNull(),
    state: linkedCardState('state').notNull(),
    /** Whether its card use earns points (false for NOT_POINTS_CARD). */
    pointsEarning: boolean('points_earning').notNull(),
    /** 連携日 (JST). */
    linkedOn: date('linked_on', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (table) => [
    check('linked_cards_last4', sql`${table.last4} ~ '^[0-9]{4}$'`),
    check('linked_cards_expiry', sql`${table.expiry} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'linked_cards_points_earning_matches_state',
      sql`(${table.state} = 'NOT_POINTS_CARD') = (NOT ${table.pointsEarning})`,
    ),
  ],
);

export type LinkedCard = typeof linkedCards.$inferSelect;
export type NewLinkedCard = typeof linkedCards.$inferInsert;

/**
 * A card link waiting for the issuer's multi-factor step: the onetime token the issuer gave with the
 * authorization code, bound to the customer who exchanged it, so that only that customer can finish it.
 */
export const pendingCardLinks = pgTable('pending_card_links', {
  onetimeToken: text('onetime_token').primaryKey(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PendingCardLink = typeof pendingCardLinks.$inferSelect;

/** 預金種目 (DepositType of @fund/domain, BankAccountType of the contracts). */
export const bankAccountType = pgEnum('bank_account_type', depositTypeValues);

/**
 * The bank account 口座振替 debits (積立 and 毎月の入金), registered at account opening through the bank's
 * form; one per customer. The whole account number is kept for the debit file; the API sends the last 3.
 */
export const accountTransferAccounts = pgTable(
  'account_transfer_accounts',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    branchCode: text('branch_code').notNull(),
    branchName: text('branch_name').notNull(),
    accountType: bankAccountType('account_type').notNull(),
    accountNumber: text('account_number').notNull(),
    holderNameKana: text('holder_name_kana').notNull(),
    ...timestamps,
  },
  (table) => [
    check('account_transfer_accounts_bank_code', sql`${table.bankCode} ~ '^[0-9]{4}$'`),
    check('account_transfer_accounts_branch_code', sql`${table.branchCode} ~ '^[0-9]{3}$'`),
    check('account_transfer_accounts_number', sql`${table.accountNumber} ~ '^[0-9]{7}$'`),
  ],
);

export type AccountTransferAccountRow = typeof accountTransferAccounts.$inferSelect;

/**
 * A child's account opening pre-filled from a parent (POST /v6/temporaryUsers/child/autoCompletion): the
 * account-opening site reads it by its id (`temporaryUserId`) until it expires.
 */
export const temporaryUsers = pgTable('temporary_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  guardianCustomerId: uuid('guardian_customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  lastName: text('last_name').notNull(),
  firstName: text('first_name').notNull(),
  lastNameKana: text('last_name_kana').notNull(),
  firstNameKana: text('first_name_kana').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TemporaryUser = typeof temporaryUsers.$inferSelect;
