import { accountLockedMail, signInNotificationMail } from '../../mail/mail-templates.ts';
import type { Mailer } from '../../mail/mailer.service.ts';

export interface SignInNotice {
  readonly customerId: string;
  readonly accountNumber: string;
  readonly email: string;
  readonly at: Date;
  readonly ip: string | undefined;
  readonly userAgent: string | undefined;
}

/**
 * Tells the customer about events on their sign-in (security.md 13; the securities dealers' guideline
 * asks for notice of sign-ins and of locks). The identity module calls it; how the customer is told
 * (mail through the outbox) is the mailer's business, wired in by whoever builds the app.
 */
export interface SignInNotifier {
  /** A successful sign-in (password and any second step). */
  signedIn(notice: SignInNotice): Promise<void>;
  /** The sign-in was locked after repeated wrong passwords. */
  locked(notice: SignInNotice): Promise<void>;
}

/**
 * The notices go out as mail through the one mailer (outbox first, so none is lost when SMTP is down).
 * `lockThreshold` is the count of wrong passwords that caused a lock, which the lock mail states.
 */
export function mailingSignInNotifier(mailer: Mailer, lockThreshold: number): SignInNotifier {
  return {
    async signedIn(notice) {
      await mailer.enqueue({
        to: notice.email,
        ...signInNotificationMail({ at: notice.at, ipAddress: notice.ip, userAgent: notice.userAgent }),
      });
    },
    async locked(notice) {
      await mailer.enqueue({
        to: notice.email,
        ...accountLockedMail({ at: notice.at, failedAttempts: lockThreshold }),
      });
    },
  };
}
