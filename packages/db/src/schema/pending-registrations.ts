import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * 新規登録の申込み: what a person typed at sign-up, kept until the emailed code confirms the address
 * (then the customer is created from it) or until it expires. A row exists for every registration, also
 * when the address already belongs to a customer (`email_taken`): then no code is sent, the owner is told
 * instead, and the row can never be confirmed — so the answer never reveals who is registered.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    /** Random id the client quotes with the code; also the code's attempt id. */
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** argon2id PHC string of the chosen password, moved to customer_credentials on confirmation. */
    passwordHash: text('password_hash').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** Set when the address already belonged to a customer at registration: never confirmable. */
    emailTakenAt: timestamp('email_taken_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once: the customer created from this registration. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    customerId: uuid('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_registrations_expires_at_idx').on(table.expiresAt)],
);

export type PendingRegistration = typeof pendingRegistrations.$inferSelect;
