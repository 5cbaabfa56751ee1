import { randomInt } from 'node:crypto';
import {
  customerCredentials,
  customers,
  pendingRegistrations,
  signInEvents,
  type DatabaseExecutor,
  type PendingRegistration,
  type SignInOutcome,
} from '@fund/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

/** Branch (部店コード) of customers who sign up online. */
export const onlineBranchCode = '001';

export interface AccountHolder {
  readonly customerId: string;
  readonly accountNumber: string;
  readonly email: string;
}

const holderColumns = {
  customerId: customers.id,
  accountNumber: customers.accountNumber,
  email: customers.email,
};

export async function findHolderByAccountNumber(
  db: DatabaseExecutor,
  accountNumber: string,
): Promise<AccountHolder | undefined> {
  const [row] = await db
    .select(holderColumns)
    .from(customers)
    .where(eq(customers.accountNumber, accountNumber))
    .limit(1);
  return row;
}

export async function findHolderById(
  db: DatabaseExecutor,
  customerId: string,
): Promise<AccountHolder | undefined> {
  const [row] = await db.select(holderColumns).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row;
}

/** Customers registered with the address (case-insensitive); several can share one (a family). */
export async function findHoldersByEmail(db: DatabaseExecutor, email: string): Promise<AccountHolder[]> {
  return db
    .select(holderColumns)
    .from(customers)
    .where(sql`lower(${customers.email}) = lower(${email})`)
    .limit(2);
}

export interface NewPendingRegistration {
  readonly email: string;
  readonly passwordHash: string;
  readonly lastName: string;
  readonly firstName: string;
  readonly lastNameKana: string;
  readonly firstNameKana: string;
  readonly birthDate: string;
  readonly emailTakenAt: Date | null;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export async function insertPendingRegistration(
  db: DatabaseExecutor,
  registration: NewPendingRegistration,
): Promise<string> {
  const [row] = await db
    .insert(pendingRegistrations)
    .values(registration)
    .returning({ id: pendingRegistrations.id });
  if (row === undefined) throw new Error('pending registration not inserted');
  return row.id;
}

/** An unconfirmed registration that has not expired. */
export async function findOpenRegistration(
  db: DatabaseExecutor,
  id: string,
  now: Date,
): Promise<PendingRegistration | undefined> {
  const [row] = await db
    .select()
    .from(pendingRegistrations)
    .where(
      and(
        eq(pendingRegistrations.id, id),
        isNull(pendingRegistrations.confirmedAt),
        gt(pendingRegistrations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the registration confirmed; false when another request confirmed it first. */
export async function markRegistrationConfirmed(
  db: DatabaseExecutor,
  id: string,
  customerId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(pendingRegistrations)
    .set({ confirmedAt: now, customerId })
    .where(and(eq(pendingRegistrations.id, id), isNull(pendingRegistrations.confirmedAt)))
    .returning({ id: pendingRegistrations.id });
  return rows.length > 0;
}

/**
 * Creates the customer under a new random 7-digit 口座番号. The number is claimed by the unique
 * constraint itself (`ON CONFLICT DO NOTHING`): of two concurrent sign-ups drawing the same number one
 * gets it and the other draws again, without an error that would abort its transaction.
 */
export async function insertCustomerWithNewAccountNumber(
  db: DatabaseExecutor,
  registration: PendingRegistration,
): Promise<{ customerId: string; accountNumber: string }> {
  for (let draw = 0; draw < 50; draw += 1) {
    const accountNumber = String(randomInt(1_000_000, 10_000_000));
    const [row] = await db
      .insert(customers)
      .values({
        accountNumber,
        branchCode: onlineBranchCode,
        lastName: registration.lastName,
        firstName: registration.firstName,
        lastNameKana: registration.lastNameKana,
        firstNameKana: registration.firstNameKana,
        accountRole: 'ADULT',
        equityStatus: 'NONE',
        birthDate: registration.birthDate,
        email: registration.email,
      })
      .onConflictDoNothing({ target: customers.accountNumber })
      .returning({ id: customers.id });
    if (row !== undefined) return { customerId: row.id, accountNumber };
  }
  throw new Error('no free account number after 50 draws');
}

/**
 * Sets a new password. `clearFailures` restarts the wrong-password count; a lock (`locked_at`) is left
 * as it is, for support to lift.
 */
export async function storePasswordHash(
  db: DatabaseExecutor,
  customerId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .insert(customerCredentials)
    .values({ customerId, passwordHash, passwordChangedAt: now })
    .onConflictDoUpdate({
      target: customerCredentials.customerId,
      set: { passwordHash, passwordChangedAt: now, consecutiveFailures: 0 },
    });
}

export async function updateCustomerEmail(
  db: DatabaseExecutor,
  customerId: string,
  email: string,
): Promise<void> {
  await db.update(customers).set({ email }).where(eq(customers.id, customerId));
}

export interface LoginAttemptRow {
  readonly occurredAt: Date;
  readonly outcome: SignInOutcome;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

export async function recentSignInEvents(
  db: DatabaseExecutor,
  customerId: string,
  limit: number,
): Promise<LoginAttemptRow[]> {
  return db
    .select({
      occurredAt: signInEvents.occurredAt,
      outcome: signInEvents.outcome,
      ip: signInEvents.ip,
      userAgent: signInEvents.userAgent,
    })
    .from(signInEvents)
    .where(eq(signInEvents.customerId, customerId))
    .orderBy(desc(signInEvents.occurredAt))
    .limit(limit);
}
