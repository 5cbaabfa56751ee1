import type { DatabaseExecutor } from '@fund/db';
import { consumeStepUpToken } from './authenticators/stepup-token.ts';
import { verifyDummyPassword, verifyPassword } from './password-hashing.ts';
import {
  findPasswordAndLock,
  findSignInLockedAt,
  recordWrongPassword,
  resetFailures,
} from './sign-in.repository.ts';

export type ReauthenticationResult = 'ok' | 'wrong' | 'locked';

/** Proof of recent authentication: the current password, or a fresh passkey step-up token. */
export type ReauthenticationProof = { readonly password: string } | { readonly stepUpToken: string };

/** The proof a request carries: a non-empty password or step-up token; undefined when neither. */
export function reauthenticationProof(input: {
  readonly password?: string | undefined;
  readonly stepUpToken?: string | undefined;
}): ReauthenticationProof | undefined {
  if (input.stepUpToken !== undefined && input.stepUpToken !== '') return { stepUpToken: input.stepUpToken };
  if (input.password !== undefined && input.password !== '') return { password: input.password };
  return undefined;
}

/**
 * Recent authentication for a credential change (security.md 18), by either proof. A step-up token (from
 * `POST /auth/v1/webauthn/stepup`) works once, for 5 minutes, for its own customer only; it does not unlock
 * a locked sign-in. A wrong password counts toward the sign-in lock (`reauthenticateWithPassword`).
 */
export async function reauthenticate(
  db: DatabaseExecutor,
  customerId: string,
  proof: ReauthenticationProof,
  lockThreshold: number,
  now: Date = new Date(),
): Promise<ReauthenticationResult> {
  if ('password' in proof) return reauthenticateWithPassword(db, customerId, proof.password, lockThreshold);
  const lockedAt = await findSignInLockedAt(db, customerId);
  if (lockedAt !== undefined && lockedAt !== null) return 'locked';
  return (await consumeStepUpToken(db, customerId, proof.stepUpToken, now)) ? 'ok' : 'wrong';
}

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
  const row = await findPasswordAndLock(db, customerId);
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
