import { customerCredentials, type DatabaseExecutor } from '@fund/db';
import { eq } from 'drizzle-orm';
import { verifyDummyPassword, verifyPassword } from './password-hashing.ts';
import { recordWrongPassword, resetFailures } from './sign-in.repository.ts';

export type ReauthenticationResult = 'ok' | 'wrong' | 'locked';

/**
 * Recent authentication for a credential change (security.md 18): checks the customer's current
 * password. A wrong one counts toward the same lock as sign-in, so the check cannot be used to guess the
 * password; a locked sign-in refuses every change (even with the right password) until support unlocks it.
 */
export async function reauthenticateWithPassword(
  db: DatabaseExecutor,
  customerId: string,
  password: string,
  lockThreshold: number,
): Promise<ReauthenticationResult> {
  const [row] = await db
    .select({ passwordHash: customerCredentials.passwordHash, lockedAt: customerCredentials.lockedAt })
    .from(customerCredentials)
    .where(eq(customerCredentials.customerId, customerId))
    .limit(1);
  if (row?.passwordHash == null) {
    // Same cost as a real check, so timing does not tell whether a password exists.
    await verifyDummyPassword(password);
    return 'wrong';
  }
  if (row.lockedAt !== null) {
    return 'locked';
  }
  if (await verifyPassword(row.passwordHash, password)) {
    // the lock counts consecutive wrong passwords, as at sign-in
    await resetFailures(db, customerId);
    return 'ok';
  }
  const { lockedNow } = await recordWrongPassword(db, customerId, lockThreshold);
  return lockedNow ? 'locked' : 'wrong';
}
