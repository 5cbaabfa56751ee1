import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '@fund/db';
import type { FastifyBaseLogger } from 'fastify';
import {
  accountLockedMail,
  credentialChangedMail,
  passwordResetCodeMail,
} from '../../../mail/mail-templates.ts';
import type { Mailer } from '../../../mail/mailer.service.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../password-hashing.ts';
import { checkNewPassword, passwordProblemMessages, type PasswordProblem } from '../password-policy.ts';
import { notifySafely } from '../sign-in.service.ts';
import {
  consumeResetCode,
  findOpenResetCode,
  findOperatorById,
  findOperatorByLoginId,
  insertResetCode,
  recordOperatorWrongPassword,
  recordWrongResetCode,
  resetOperatorFailures,
  setOperatorPassword,
  type OperatorRow,
} from './operator.repository.ts';

/** A reset code lives 10 minutes and allows 5 tries (security.md 12). */
export const resetCodeTtlMinutes = 10;
export const resetCodeMaxAttempts = 5;

export interface OperatorSignInDependencies {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly lockThreshold: number;
  readonly log: FastifyBaseLogger;
  readonly now: () => Date;
}

export type OperatorSignInResult =
  | { readonly kind: 'signed_in'; readonly operator: OperatorRow }
  /** Correct temporary password: the operator must choose a new one before the sign-in completes. */
  | { readonly kind: 'new_password_required'; readonly operator: OperatorRow }
  /** Unknown login id or wrong password: one answer for both (security.md 14). */
  | { readonly kind: 'invalid' }
  | { readonly kind: 'locked' };

/**
 * Checks a login id and password of the operator pool (never customers), counts failures and locks after
 * `lockThreshold` consecutive wrong passwords, as for customers. Unknown login ids cost one argon2
 * verification too, so neither answer nor timing tells which operators exist.
 */
export async function signInOperator(
  dependencies: OperatorSignInDependencies,
  attempt: { readonly loginId: string; readonly password: string },
): Promise<OperatorSignInResult> {
  const { db, log } = dependencies;
  const candidate = await findOperatorByLoginId(db, attempt.loginId);
  if (candidate === undefined) {
    await verifyDummyPassword(attempt.password);
    return { kind: 'invalid' };
  }
  const matches = await verifyPassword(candidate.passwordHash, attempt.password);
  if (candidate.lockedAt !== null) return matches ? { kind: 'locked' } : { kind: 'invalid' };
  if (!matches) {
    const { lockedNow } = await recordOperatorWrongPassword(db, candidate.id, dependencies.lockThreshold);
    if (lockedNow) {
      log.warn({ operatorId: candidate.id }, 'Operator sign-in locked after repeated wrong passwords');
      const email = candidate.email;
      if (email !== null) {
        await notifySafely(log, async () => {
          await dependencies.mailer.enqueue({
            to: email,
            ...accountLockedMail({ at: dependencies.now(), failedAttempts: dependencies.lockThreshold }),
          });
        });
      }
    }
    return { kind: 'invalid' };
  }
  await resetOperatorFailures(db, candidate.id);
  const { passwordHash: _passwordHash, ...operator } = candidate;
  return operator.temporaryPassword
    ? { kind: 'new_password_required', operator }
    : { kind: 'signed_in', operator };
}

/** What is wrong with a new operator password, with the message the page shows. */
export type NewPasswordProblem = PasswordProblem | 'login_id' | 'same_as_current';

export const newPasswordMessages: Readonly<Record<NewPasswordProblem, string>> = {
  ...passwordProblemMessages,
  login_id: 'ログインIDを含むパスワードは使用できません。',
  same_as_current: '現在のパスワードとは異なるパスワードを入力してください。',
};

async function newPasswordProblems(
  currentHash: string,
  loginId: string,
  password: string,
): Promise<NewPasswordProblem[]> {
  const problems: NewPasswordProblem[] = checkNewPassword(password);
  if (problems.includes('too_short') || problems.includes('too_long')) return problems;
  if (password.toLowerCase().includes(loginId.toLowerCase())) problems.push('login_id');
  if (await verifyPassword(currentHash, password)) problems.push('same_as_current');
  return problems;
}

export type ChangePasswordResult =
  | { readonly kind: 'changed'; readonly operator: OperatorRow }
  | { readonly kind: 'rejected'; readonly problems: readonly NewPasswordProblem[] }
  | { readonly kind: 'invalid' };

/** Replaces the temporary password after a correct sign-in with it; the temporary one cannot be kept. */
export async function replaceTemporaryPassword(
  dependencies: OperatorSignInDependencies,
  operatorId: string,
  newPassword: string,
): Promise<ChangePasswordResult> {
  const operator = await findOperatorById(dependencies.db, operatorId);
  if (operator === undefined || operator.lockedAt !== null) return { kind: 'invalid' };
  const current = await findOperatorByLoginId(dependencies.db, operator.loginId);
  if (current === undefined) return { kind: 'invalid' };
  const problems = await newPasswordProblems(current.passwordHash, operator.loginId, newPassword);
  if (problems.length > 0) return { kind: 'rejected', problems };
  await setOperatorPassword(dependencies.db, operatorId, await hashPassword(newPassword), dependencies.now());
  await notifyPasswordChanged(dependencies, operator.email);
  return { kind: 'changed', operator: { ...operator, temporaryPassword: false } };
}

/** A changed password is announced to the operator's address (security.md 18); a mail failure is only logged. */
async function notifyPasswordChanged(
  dependencies: OperatorSignInDependencies,
  email: string | null,
): Promise<void> {
  if (email === null) return;
  await notifySafely(dependencies.log, async () => {
    await dependencies.mailer.enqueue({
      to: email,
      ...credentialChangedMail({ change: 'password', at: dependencies.now() }),
    });
  });
}

function resetCodeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/**
 * Forgot password, step 1: mails a code to the operator's address. The caller answers the same whatever
 * happened here (unknown login id, no address), so the page tells nobody which operators exist.
 */
export async function requestPasswordReset(
  dependencies: OperatorSignInDependencies,
  loginId: string,
): Promise<void> {
  const operator = await findOperatorByLoginId(dependencies.db, loginId);
  const email = operator?.email ?? null;
  if (operator === undefined || email === null) return;
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = dependencies.now();
  await insertResetCode(dependencies.db, {
    id,
    operatorId: operator.id,
    codeHash: resetCodeHash(id, code),
    expiresAt: new Date(now.getTime() + resetCodeTtlMinutes * 60_000),
    now,
  });
  await dependencies.mailer.enqueue({
    to: email,
    ...passwordResetCodeMail({ code, validMinutes: resetCodeTtlMinutes }),
  });
}

export type ResetPasswordResult =
  | { readonly kind: 'reset' }
  | { readonly kind: 'rejected'; readonly problems: readonly NewPasswordProblem[] }
  /** Unknown login id, no open code, wrong, expired or spent code: one answer for all. */
  | { readonly kind: 'invalid_code' };

/**
 * Forgot password, step 2: the mailed code (single use, 10 minutes, 5 tries) and a new password. The new
 * password is checked before the code is used, so a rejected password does not spend the code. A lock
 * stays: as for customers, only support unlocks.
 */
export async function resetPasswordWithCode(
  dependencies: OperatorSignInDependencies,
  input: { readonly loginId: string; readonly code: string; readonly newPassword: string },
): Promise<ResetPasswordResult> {
  const { db } = dependencies;
  const now = dependencies.now();
  const operator = await findOperatorByLoginId(db, input.loginId);
  const open = operator === undefined ? undefined : await findOpenResetCode(db, operator.id, now);
  if (operator === undefined || open === undefined) return { kind: 'invalid_code' };
  const expected = Buffer.from(open.codeHash, 'hex');
  const given = Buffer.from(resetCodeHash(open.id, input.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await recordWrongResetCode(db, open.id, resetCodeMaxAttempts, now);
    return { kind: 'invalid_code' };
  }
  const problems = await newPasswordProblems(operator.passwordHash, operator.loginId, input.newPassword);
  if (problems.length > 0) return { kind: 'rejected', problems };
  if (!(await consumeResetCode(db, open.id, now))) return { kind: 'invalid_code' };
  await setOperatorPassword(db, operator.id, await hashPassword(input.newPassword), now);
  await notifyPasswordChanged(dependencies, operator.email);
  return { kind: 'reset' };
}
