import type { FastifyReply } from 'fastify';
import { AppError } from '../../../errors/app-error.ts';
import { ErrorCode } from '@fund/contracts';
import type { DatabaseExecutor } from '@fund/db';
import { AttemptLimiter, hitAll, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';

export class TooManyRequestsError extends AppError {
  override readonly name = 'TooManyRequestsError';
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(
      ErrorCode.tooManyRequests,
      'リクエストの回数が上限を超えました。しばらく時間をおいて再度お試しください。',
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Limits of the unauthenticated account calls (sign-up, reset, their codes): per client IP and per
 * account number, address or attempt id, in the same fixed windows as sign-in (sign-in-rate-limiter.ts,
 * shared by every server process on the database),
 * with the sign-in limits (SIGN_IN_RATE_LIMIT_PER_IP, SIGN_IN_RATE_LIMIT_PER_ACCOUNT), counted apart.
 */
export class CredentialsRateLimits {
  readonly #perIp: AttemptLimiter;
  readonly #perSubject: AttemptLimiter;

  constructor(db: DatabaseExecutor, limitPerIp: number, limitPerSubject: number, now: () => number) {
    const limiterOf = (limit: number) =>
      new AttemptLimiter({ db, name: 'account', limit, windowMs: signInRateLimitWindowMs, now });
    this.#perIp = limiterOf(limitPerIp);
    this.#perSubject = limiterOf(limitPerSubject);
  }

  /**
   * Counts one request of `action` from `ip` about `subject`; over a limit, sets Retry-After and throws
   * the 429. Subjects are compared case-insensitively (addresses). For calls that send mail or answer
   * without checking a secret (sign-up, resend, forgot, check-email, login hints): nothing tells a
   * customer's request from an attacker's there, so every request counts per address (decision 027).
   */
  async check(reply: FastifyReply, action: string, ip: string, subject: string): Promise<void> {
    const refused = await hitAll([
      this.#perIp.hit(`${action}:ip:${ip}`),
      this.#perSubject.hit(`${action}:subject:${subject.trim().toLowerCase()}`),
    ]);
    if (refused !== undefined) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      throw new TooManyRequestsError(refused.retryAfterSeconds);
    }
  }

  /**
   * Runs `check` (a call that checks a secret: a mailed code, a login-hint key) under the limits: every
   * request counts per subject, and per address only the refused ones (a client error thrown by
   * `check`), so customers who enter their right code are never refused because of their neighbours
   * behind one address (decision 027).
   */
  async checkSecret<T>(
    reply: FastifyReply,
    action: string,
    ip: string,
    subject: string,
    check: () => Promise<T>,
  ): Promise<T> {
    const ipKey = `${action}:ip:${ip}`;
    const refused = await hitAll([
      this.#perIp.refusal(ipKey),
      this.#perSubject.hit(`${action}:subject:${subject.trim().toLowerCase()}`),
    ]);
    if (refused !== undefined) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      throw new TooManyRequestsError(refused.retryAfterSeconds);
    }
    try {
      return await check();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) await this.#perIp.hit(ipKey);
      throw error;
    }
  }
}
