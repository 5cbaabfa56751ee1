import type { Database } from '@fund/db';
import type { Clock } from '../../../../plugins/clock.plugin.ts';
import { Mailer } from '../../../../mail/mailer.service.ts';
import type { MfaDependencies } from '../mfa-context.ts';

/** A clock tests move by hand. */
export class MovableClock implements Clock {
  instant: Date;
  constructor(start: string) {
    this.instant = new Date(start);
  }
  now(): Date {
    return new Date(this.instant);
  }
  advance(milliseconds: number): void {
    this.instant = new Date(this.instant.getTime() + milliseconds);
  }
}

/** Dependencies with a mailer that keeps mail in the outbox (no SMTP), so tests read it there. */
export function mfaTestDependencies(db: Database, clock: Clock): MfaDependencies {
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  return {
    db,
    clock,
    mailer: new Mailer({ db, clock, transport: undefined, from: 'no-reply@example.jp', logger: quiet }),
  };
}
