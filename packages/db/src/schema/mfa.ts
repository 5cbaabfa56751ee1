import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/**
 * TOTP (authenticator app) of a customer: at most one. The row exists from enrolment on; it protects
 * sign-in only once `confirmed_at` is set by the first valid code.
 */
export const totpCredentials = pgTable('totp_credentials', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** The base32 secret encrypted with AES-256-GCM (MFA_ENCRYPTION_KEY); never stored in clear. */
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /**
   * Time step (Unix time / 30 s) of the last accepted code. otplib is stateless: only this column stops
   * a code from being accepted twice within its step (security.md 15).
   */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...timestamps,
});

export type TotpCredential = typeof totpCredentials.$inferSelect;

/**
 * Emailed one-time codes as the customer's second factor: a row exists once the customer confirmed a
 * code sent to the address (otpEmail/confirm); deleting it turns the factor off.
 */
export const emailOtpSettings = pgTable('email_otp_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
});

export type EmailOtpSetting = typeof emailOtpSettings.$inferSelect;

/**
 * A sign-in whose password was right and whose second factor is still outstanding, keyed by the
 * provider's interaction uid (which only the browser holding the interaction cookie can use). Wrong codes
 * are counted here so one attempt cannot guess forever.
 */
export const pendingSecondFactors = pgTable('pending_second_factors', {
  attemptId: text('attempt_id').primaryKey(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type PendingSecondFactor = typeof pendingSecondFactors.$inferSelect;

/** What an emailed code proves; each purpose has its own mail text and its own attempts. */
export const verificationCodePurpose = pgEnum('verification_code_purpose', [
  'sign_in', // second factor at sign-in
  'sign_up', // confirms the address given at registration
  'password_reset', // forgot password → code → new password
  'email_change', // confirms the new address before it replaces the old one
  'mfa_setup', // confirms the address before emailed codes become the customer's second factor
]);
export type VerificationCodePurpose = (typeof verificationCodePurpose.enumValues)[number];

/**
 * One-time codes sent by mail. Only an HMAC of the code is kept; a code is bound to the attempt it was
 * issued for (sign-in attempt, registration, reset request), works once, expires, and dies after too
 * many wrong tries (security.md 15, 16).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: verificationCodePurpose('purpose').notNull(),
    /** The caller's id of the attempt the code belongs to; a code never works for another attempt. */
    attemptId: text('attempt_id').notNull(),
    /** Null when no customer exists yet (sign-up). */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Where the code was sent: for an email change, the address that becomes the customer's. */
    email: text('email').notNull(),
    /** HMAC-SHA256 (base64url) over purpose, attempt and code. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Checks made against this code, the successful one included. */
    tries: integer('tries').notNull().default(0),
    /** Used, or replaced by a newer code for the same attempt. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('verification_codes_tries_non_negative', sql`${table.tries} >= 0`),
    check('verification_codes_attempt_id_length', sql`char_length(${table.attemptId}) BETWEEN 1 AND 200`),
    index('verification_codes_attempt_idx').on(table.purpose, table.attemptId),
    index('verification_codes_customer_id_idx').on(table.customerId),
  ],
);

export type VerificationCode = typeof verificationCodes.$inferSelect;

/** Passkeys (WebAuthn credentials) registered by customers. */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id, base64url, as browsers report it. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** Signature counter (uint32); a value that does not grow signals a cloned authenticator. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Customer-visible name, e.g. 「パスキー（2025/04/01 登録）」. */
    name: text('name').notNull(),
    /** `singleDevice` or `multiDevice` (synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    check('webauthn_credentials_counter_range', sql`${table.counter} BETWEEN 0 AND 4294967295`),
    index('webauthn_credentials_customer_id_idx').on(table.customerId),
  ],
);

export type WebauthnCredential = typeof webauthnCredentials.$inferSelect;

export const webauthnCeremony = pgEnum('webauthn_ceremony', ['registration', 'authentication']);
export type WebauthnCeremony = (typeof webauthnCeremony.enumValues)[number];

/**
 * WebAuthn challenges, kept on the server per attempt and consumed at the first verification, whatever
 * its outcome, so a captured response can never be replayed (security.md 19).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ceremony: webauthnCeremony('ceremony').notNull(),
    attemptId: text('attempt_id').notNull(),
    /** Registration: always set. Authentication: set for step-up, null for a passkey-first sign-in. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** base64url, as it appears in clientDataJSON. */
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('webauthn_challenges_attempt_id_length', sql`char_length(${table.attemptId}) BETWEEN 1 AND 200`),
    index('webauthn_challenges_attempt_idx').on(table.ceremony, table.attemptId),
  ],
);

export type WebauthnChallenge = typeof webauthnChallenges.$inferSelect;
