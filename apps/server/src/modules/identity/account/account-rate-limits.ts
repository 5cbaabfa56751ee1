import type { FastifyReply } from 'fastify';
import { AppError } from '../../../errors/app-error.ts';
import { ErrorCode } from '@fund/contracts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';

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
 * account number, address or attempt id, in the same fixed windows as sign-in (sign-in-rate-limiter.ts),
 * with the sign-in limits (SIGN_IN_RATE_LIMIT_PER_IP, SIGN_IN_RATE_LIMIT_PER_ACCOUNT), counted apart.
 */
export class AccountRateLimits {
  readonly #perIp: AttemptLimiter;
  readonly #perSubject: AttemptLimiter;

  constructor(limitPerIp: number, limitPerSubject: number, now: () => number) {
    this.#perIp = new AttemptLimiter(limitPerIp, signInRateLimitWindowMs, now);
    this.#perSubject = new AttemptLimiter(limitPerSubject, signInRateLimitWindowMs, now);
  }

  /**
   * Counts one request of `action` from `ip` about `subject`; over a limit, sets Retry-After and throws
   * the 429. Subjects are compared case-insensitively (addresses).
   */
  check(reply: FastifyReply, action: string, ip: string, subject: string): void {
    const results = [
      this.#perIp.hit(`${action}:ip:${ip}`),
      this.#perSubject.hit(`${action}:subject:${subject.trim().toLowerCase()}`),
    ];
    const refused = results.find((result) => !result.allowed);
    if (refused !== undefined && !refused.allowed) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      throw new TooManyRequestsError(refused.retryAfterSeconds);
    }
  }
}
