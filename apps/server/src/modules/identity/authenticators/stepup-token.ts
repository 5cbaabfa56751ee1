import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseExecutor } from '@fund/db';
import { consumeStepUpTokenHash, insertStepUpToken } from './stepup-token.repository.ts';

export { stepUpTokenKind } from './stepup-token.repository.ts';

/** How long a step-up token proves recent authentication (security.md 18). */
export const stepUpTokenLifetimeMilliseconds = 5 * 60_000;

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');

/**
 * Issues a step-up token for a customer who just verified one of their passkeys: 32 random bytes, only its
 * hash is stored, valid 5 minutes, bound to the customer, usable once.
 */
export async function issueStepUpToken(
  db: DatabaseExecutor,
  customerId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + stepUpTokenLifetimeMilliseconds);
  await insertStepUpToken(db, { hash: hashOf(token), customerId, expiresAt });
  return { token, expiresAt };
}

/** Consumes a step-up token: true once for an unexpired token of this customer (`consumeStepUpTokenHash`). */
export async function consumeStepUpToken(
  db: DatabaseExecutor,
  customerId: string,
  token: string,
  now: Date,
): Promise<boolean> {
  return consumeStepUpTokenHash(db, customerId, hashOf(token), now);
}
