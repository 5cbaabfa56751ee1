import type { Database } from '@fund/db';
import type { Clock } from '../../../plugins/clock.plugin.ts';
import { findCustomerContact } from '../authenticators/customer-contact.repository.ts';
import type { MfaServices } from '../authenticators/mfa-services.ts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';

/** At most one emailed code per attempt per minute, and five per rate-limit window. */
const emailSendIntervalMs = 60_000;
const emailSendsPerWindow = 5;

export type EmailCodeSent = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Mails the second step's sign-in codes, within the per-attempt and per-customer limits. */
export class EmailCodeSender {
  readonly #db: Database;
  readonly #services: MfaServices;
  readonly #sendInterval: AttemptLimiter;
  readonly #sendWindow: AttemptLimiter;

  constructor(dependencies: { db: Database; clock: Clock; services: MfaServices }) {
    const { db, clock, services } = dependencies;
    this.#db = db;
    this.#services = services;
    const now = () => clock.now().getTime();
    this.#sendInterval = new AttemptLimiter({
      db,
      name: 'second-factor-interval',
      limit: 1,
      windowMs: emailSendIntervalMs,
      now,
    });
    this.#sendWindow = new AttemptLimiter({
      db,
      name: 'second-factor-window',
      limit: emailSendsPerWindow,
      windowMs: signInRateLimitWindowMs,
      now,
    });
  }

  async send(uid: string, customerId: string): Promise<EmailCodeSent> {
    const interval = await this.#sendInterval.hit(`send:${uid}`);
    if (!interval.allowed) return { ok: false, retryAfterSeconds: interval.retryAfterSeconds };
    const window = await this.#sendWindow.hit(`send:${customerId}`);
    if (!window.allowed) return { ok: false, retryAfterSeconds: window.retryAfterSeconds };
    const contact = await findCustomerContact(this.#db, customerId);
    if (contact === undefined) return { ok: false, retryAfterSeconds: 60 };
    await this.#services.emailOtp.issue({
      purpose: 'sign_in',
      attemptId: uid,
      email: contact.email,
      customerId,
    });
    return { ok: true };
  }
}
