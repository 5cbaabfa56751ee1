import type { Database } from '@fund/db';
import type { FastifyBaseLogger } from 'fastify';
import { verifyDummyPassword, verifyPassword } from './password-hashing.ts';
import type { SignInNotice, SignInNotifier } from './sign-in-notifier.ts';
import {
  findSignInCandidate,
  recordSignInEvent,
  recordWrongPassword,
  resetFailures,
} from './sign-in.repository.ts';

export interface PasswordAttempt {
  readonly accountNumber: string;
  readonly password: string;
  readonly ip: string | undefined;
  readonly userAgent: string | undefined;
}

export type PasswordSignInResult =
  | { readonly kind: 'signed_in'; readonly notice: SignInNotice }
  /** Unknown account or wrong password: one answer for both (security.md 14). */
  | { readonly kind: 'invalid' }
  /** The right password on a locked sign-in: refused, and the customer is told to call support. */
  | { readonly kind: 'locked' };

export interface SignInDependencies {
  readonly db: Database;
  readonly lockThreshold: number;
  readonly notifier: SignInNotifier;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
}

/** A failing notifier (mail down) must not turn a correct sign-in or a lock into an error. */
export async function notifySafely(log: FastifyBaseLogger, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    log.warn({ err: error }, 'Sign-in notification failed');
  }
}

/**
 * Checks an account number and password, counts failures, locks after `lockThreshold` consecutive
 * wrong passwords and records every attempt. Unknown accounts cost one argon2 verification like known
 * ones, so neither the answer nor its timing tells whether an account exists.
 */
export async function signInWithPassword(
  dependencies: SignInDependencies,
  attempt: PasswordAttempt,
): Promise<PasswordSignInResult> {
  const { db, log } = dependencies;
  const candidate = await findSignInCandidate(db, attempt.accountNumber);
  const event = { accountNumberTried: attempt.accountNumber, ip: attempt.ip, userAgent: attempt.userAgent };

  if (candidate?.passwordHash == null) {
    await verifyDummyPassword(attempt.password);
    await recordSignInEvent(db, {
      ...event,
      customerId: candidate?.customerId ?? null,
      outcome: 'unknown_account',
    });
    return { kind: 'invalid' };
  }

  const passwordMatches = await verifyPassword(candidate.passwordHash, attempt.password);
  const notice: SignInNotice = {
    customerId: candidate.customerId,
    accountNumber: candidate.accountNumber,
    email: candidate.email,
    at: dependencies.now(),
    ip: attempt.ip,
    userAgent: attempt.userAgent,
  };

  if (candidate.lockedAt !== null) {
    await recordSignInEvent(db, { ...event, customerId: candidate.customerId, outcome: 'refused_locked' });
    // Only someone who knows the password learns about the lock; to everyone else it looks like a typo.
    return passwordMatches ? { kind: 'locked' } : { kind: 'invalid' };
  }

  if (!passwordMatches) {
    const { lockedNow } = await recordWrongPassword(db, candidate.customerId, dependencies.lockThreshold);
    await recordSignInEvent(db, {
      ...event,
      customerId: candidate.customerId,
      outcome: lockedNow ? 'locked_now' : 'wrong_password',
    });
    if (lockedNow) {
      log.warn({ customerId: candidate.customerId }, 'Sign-in locked after repeated wrong passwords');
      await notifySafely(log, () => dependencies.notifier.locked(notice));
    }
    return { kind: 'invalid' };
  }

  await resetFailures(db, candidate.customerId);
  await recordSignInEvent(db, { ...event, customerId: candidate.customerId, outcome: 'succeeded' });
  return { kind: 'signed_in', notice };
}
