import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DatabaseExecutor, VerificationCodePurpose } from '@fund/db';
import {
  emailChangeCodeMail,
  mfaSetupCodeMail,
  passwordResetCodeMail,
  signInCodeMail,
  signUpCodeMail,
  type CodeMailInput,
  type MailContent,
} from '../../../mail/mail-templates.ts';
import type { MfaKeys } from './mfa-crypto.ts';
import { inTransaction, type MfaDependencies } from './mfa-context.ts';
import {
  consumeCode,
  findOpenCode,
  insertVerificationCode,
  retireOpenCodes,
  takeTry,
} from './verification-code.repository.ts';

/** A code lives at most ten minutes (security.md 15). */
export const codeLifetimeMinutes = 10;
/** The fifth wrong try kills the code (security.md 15). */
export const maxCodeTries = 5;

const codeMails: Readonly<Record<VerificationCodePurpose, (input: CodeMailInput) => MailContent>> = {
  sign_in: signInCodeMail,
  sign_up: signUpCodeMail,
  password_reset: passwordResetCodeMail,
  email_change: emailChangeCodeMail,
  mfa_setup: mfaSetupCodeMail,
};

export interface IssueCodeInput {
  readonly purpose: VerificationCodePurpose;
  /**
   * The attempt the code belongs to: the sign-in attempt (e.g. the OpenID interaction), the registration
   * or the reset request. The code only ever works for this attempt.
   */
  readonly attemptId: string;
  /** Where the code is sent; for an email change the new address. */
  readonly email: string;
  /** Null before the customer exists (sign-up). */
  readonly customerId: string | null;
}

export interface CheckCodeInput {
  readonly purpose: VerificationCodePurpose;
  readonly attemptId: string;
  readonly code: string;
}

export type CodeCheck =
  | { readonly ok: true; readonly customerId: string | null; readonly email: string }
  | {
      readonly ok: false;
      /**
       * `missing`: no open code for this attempt (never sent, used, or replaced by a newer one);
       * `expired`; `exhausted`: too many wrong tries; `wrong`: not the code (tries may remain).
       */
      readonly reason: 'missing' | 'expired' | 'exhausted' | 'wrong';
    };

/**
 * One-time codes sent by mail, for every purpose: second factor at sign-in, sign-up confirmation,
 * password reset, email change. Six digits; stored only as an HMAC; bound to the attempt; single use;
 * at most ten minutes; dead after five wrong tries; a new code for the attempt replaces the old one.
 */
export class EmailOtpService {
  readonly #dependencies: MfaDependencies;
  readonly #keys: MfaKeys;

  constructor(dependencies: MfaDependencies, keys: MfaKeys) {
    this.#dependencies = dependencies;
    this.#keys = keys;
  }

  /**
   * Creates a code and writes its mail to the outbox, in `executor`'s transaction when given (then
   * request delivery after the commit), else in its own, sent right after.
   */
  async issue(input: IssueCodeInput, executor?: DatabaseExecutor): Promise<{ readonly expiresAt: Date }> {
    const now = this.#dependencies.clock.now();
    const expiresAt = new Date(now.getTime() + codeLifetimeMinutes * 60_000);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await inTransaction(this.#dependencies, executor, async (tx) => {
      await retireOpenCodes(tx, input.purpose, input.attemptId, now);
      await insertVerificationCode(tx, {
        purpose: input.purpose,
        attemptId: input.attemptId,
        customerId: input.customerId,
        email: input.email,
        codeHash: this.#hash(input.purpose, input.attemptId, code),
        expiresAt,
        createdAt: now,
      });
      const content = codeMails[input.purpose]({ code, validMinutes: codeLifetimeMinutes });
      await this.#dependencies.mailer.enqueue({ to: input.email, ...content }, tx);
    });
    return { expiresAt };
  }

  /**
   * Checks a code. Runs on its own connection, outside any caller transaction: a wrong try must count
   * even when the caller rolls back, or the five-try limit could be dodged.
   */
  async check(input: CheckCodeInput): Promise<CodeCheck> {
    const { db, clock } = this.#dependencies;
    const now = clock.now();
    const open = await findOpenCode(db, input.purpose, input.attemptId);
    if (open === undefined) return { ok: false, reason: 'missing' };
    if (open.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    if (open.tries >= maxCodeTries) return { ok: false, reason: 'exhausted' };

    const taken = await takeTry(db, open.id, maxCodeTries, now);
    if (taken === undefined) return { ok: false, reason: 'exhausted' };

    const expected = Buffer.from(open.codeHash, 'base64url');
    const actual = Buffer.from(this.#hash(input.purpose, input.attemptId, input.code.trim()), 'base64url');
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      if (await consumeCode(db, open.id, now)) {
        return { ok: true, customerId: open.customerId, email: open.email };
      }
      return { ok: false, reason: 'missing' };
    }
    return { ok: false, reason: taken.tries >= maxCodeTries ? 'exhausted' : 'wrong' };
  }

  /** Purpose and attempt are inside the MAC: a code's hash is worthless for any other attempt. */
  #hash(purpose: VerificationCodePurpose, attemptId: string, code: string): string {
    return createHmac('sha256', this.#keys.codeHashKey)
      .update(`${purpose}\u0000${attemptId}\u0000${code}`)
      .digest('base64url');
  }
}
