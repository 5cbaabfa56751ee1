import {
  customerCredentials,
  customers,
  signInEvents,
  type Database,
  type DatabaseExecutor,
  type SignInOutcome,
} from '@fund/db';
import { eq, sql } from 'drizzle-orm';

export interface SignInCandidate {
  readonly customerId: string;
  readonly accountNumber: string;
  readonly email: string;
  /** Null: the customer has no password yet (cannot sign in with one). */
  readonly passwordHash: string | null;
  readonly lockedAt: Date | null;
}

export async function findSignInCandidate(
  db: DatabaseExecutor,
  accountNumber: string,
): Promise<SignInCandidate | undefined> {
  const [row] = await db
    .select({
      customerId: customers.id,
      accountNumber: customers.accountNumber,
      email: customers.email,
      passwordHash: customerCredentials.passwordHash,
      lockedAt: customerCredentials.lockedAt,
    })
    .from(customers)
    .leftJoin(customerCredentials, eq(customerCredentials.customerId, customers.id))
    .where(eq(customers.accountNumber, accountNumber))
    .limit(1);
  return row;
}

/**
 * Counts a wrong password and locks when the count reaches `threshold`, in one statement, so concurrent
 * wrong attempts cannot skip the lock. Returns whether this attempt locked the sign-in.
 */
export async function recordWrongPassword(
  db: DatabaseExecutor,
  customerId: string,
  threshold: number,
): Promise<{ lockedNow: boolean }> {
  const [row] = await db
    .update(customerCredentials)
    .set({
      consecutiveFailures: sql`${customerCredentials.consecutiveFailures} + 1`,
      lockedAt: sql`CASE WHEN ${customerCredentials.lockedAt} IS NULL AND ${customerCredentials.consecutiveFailures} + 1 >= ${threshold} THEN now() ELSE ${customerCredentials.lockedAt} END`,
    })
    .where(eq(customerCredentials.customerId, customerId))
    .returning({
      failures: customerCredentials.consecutiveFailures,
      lockedAt: customerCredentials.lockedAt,
    });
  return { lockedNow: row !== undefined && row.lockedAt !== null && row.failures === threshold };
}

/** When the customer's sign-in was locked (wrong passwords); null when it is not, undefined without a credential. */
export async function findSignInLockedAt(
  db: DatabaseExecutor,
  customerId: string,
): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ lockedAt: customerCredentials.lockedAt })
    .from(customerCredentials)
    .where(eq(customerCredentials.customerId, customerId));
  return row?.lockedAt;
}

/** The customer's password hash and sign-in lock, for a check of the current password. */
export async function findPasswordAndLock(
  db: DatabaseExecutor,
  customerId: string,
): Promise<{ passwordHash: string; lockedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ passwordHash: customerCredentials.passwordHash, lockedAt: customerCredentials.lockedAt })
    .from(customerCredentials)
    .where(eq(customerCredentials.customerId, customerId))
    .limit(1);
  return row;
}

export async function resetFailures(db: DatabaseExecutor, customerId: string): Promise<void> {
  await db
    .update(customerCredentials)
    .set({ consecutiveFailures: 0 })
    .where(eq(customerCredentials.customerId, customerId));
}

export interface SignInEventInput {
  readonly customerId: string | null;
  readonly accountNumberTried: string;
  readonly outcome: SignInOutcome;
  readonly ip: string | undefined;
  readonly userAgent: string | undefined;
}

export async function recordSignInEvent(db: DatabaseExecutor, event: SignInEventInput): Promise<void> {
  await db.insert(signInEvents).values({
    customerId: event.customerId,
    accountNumberTried: event.accountNumberTried.slice(0, 32),
    outcome: event.outcome,
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
  });
}

export interface CustomerProfileRow {
  readonly customerId: string;
  readonly accountNumber: string;
  readonly branchCode: string;
  readonly lastName: string;
  readonly firstName: string;
  readonly email: string;
  readonly accountRole: string;
}

export async function findCustomerProfile(
  db: Database,
  customerId: string,
): Promise<CustomerProfileRow | undefined> {
  const [row] = await db
    .select({
      customerId: customers.id,
      accountNumber: customers.accountNumber,
      branchCode: customers.branchCode,
      lastName: customers.lastName,
      firstName: customers.firstName,
      email: customers.email,
      accountRole: customers.accountRole,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
}

export async function findAccountNumber(db: Database, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ accountNumber: customers.accountNumber })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.accountNumber;
}
