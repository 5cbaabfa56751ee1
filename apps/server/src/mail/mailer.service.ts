import type { Database, DatabaseExecutor } from '@fund/db';
import type { Clock } from '../plugins/clock.plugin.ts';
import type { MailContent } from './mail-templates.ts';
import type { MailTransport } from './mail-transport.ts';
import { claimDueMail, insertOutboxMail, markMailFailed, markMailSent } from './outbox.repository.ts';

/** A mail for one recipient: a template's output plus the address. */
export interface OutgoingMail extends MailContent {
  readonly to: string;
  readonly html?: string | undefined;
}

export interface DeliveryReport {
  readonly sent: number;
  readonly failed: number;
}

/** The subset of pino's logger the mailer uses; Fastify's `app.log` fits. */
export interface MailerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MailerOptions {
  readonly db: Database;
  readonly clock: Clock;
  /** Undefined: no SMTP; mail stays in the outbox (development mailbox). */
  readonly transport: MailTransport | undefined;
  /** From header (MAIL_FROM). */
  readonly from: string;
  readonly logger: MailerLogger;
  /** Mails claimed per round; default 20. */
  readonly batchSize?: number;
  /** After this many failed attempts a mail is left alone (and logged); default 10. */
  readonly maxAttempts?: number;
}

/** Long enough for nodemailer's timeouts (mail-transport.ts) to end a send before another worker retries it. */
const leaseMilliseconds = 5 * 60_000;
const firstRetryMilliseconds = 30_000;
const maxRetryMilliseconds = 60 * 60_000;

/** 30 s, 1 min, 2 min, ... up to an hour between attempts. */
export function retryDelayMilliseconds(failedAttempts: number): number {
  return Math.min(firstRetryMilliseconds * 2 ** Math.max(0, failedAttempts - 1), maxRetryMilliseconds);
}

/** `<id@domain>` with the domain of the From address, so the Message-ID is globally unique. */
function messageIdFor(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

/**
 * The one way mail leaves the service. `enqueue` writes to the outbox table in the caller's transaction
 * (a rolled-back change sends nothing); delivery happens afterwards, over SMTP when configured, and a
 * mail is marked sent only once the SMTP server accepted it. Unsent mail is retried with back-off by
 * `deliverPending`, which any number of processes may run at once.
 */
export class Mailer {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #transport: MailTransport | undefined;
  readonly #from: string;
  readonly #logger: MailerLogger;
  readonly #batchSize: number;
  readonly #maxAttempts: number;
  #running: Promise<void> | undefined;
  #again = false;
  #closed = false;

  constructor(options: MailerOptions) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#transport = options.transport;
    this.#from = options.from;
    this.#logger = options.logger;
    this.#batchSize = options.batchSize ?? 20;
    this.#maxAttempts = options.maxAttempts ?? 10;
  }

  /** Whether mail is delivered (SMTP configured) or only kept in the outbox. */
  get delivers(): boolean {
    return this.#transport !== undefined;
  }

  /**
   * Writes the mail to the outbox and returns its id. Inside a transaction pass it as `executor`, and
   * call `requestDelivery()` after the commit (the periodic round picks it up otherwise). Without an
   * executor the mail is committed at once and delivery starts right away.
   */
  async enqueue(mail: OutgoingMail, executor?: DatabaseExecutor): Promise<string> {
    const id = await insertOutboxMail(executor ?? this.#db, {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      kind: mail.kind,
      createdAt: this.#clock.now(),
    });
    if (executor === undefined) this.requestDelivery();
    return id;
  }

  /**
   * Starts a delivery round in the background unless one is running (then one more follows it). Never
   * throws: failures are logged and the mail stays in the outbox for the next round.
   */
  requestDelivery(): void {
    if (this.#transport === undefined || this.#closed) return;
    if (this.#running !== undefined) {
      this.#again = true;
      return;
    }
    this.#running = this.#runRounds().finally(() => {
      this.#running = undefined;
    });
  }

  async #runRounds(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.deliverPending();
      } catch (error) {
        this.#logger.error({ err: error }, 'Mail delivery round failed; the outbox keeps the mail');
      }
    } while (this.#again && !this.#closed);
  }

  /** Waits for the background round, if any (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.#running !== undefined) await this.#running;
  }

  /** Stops background rounds, waits for the running one and closes the SMTP connection. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
    this.#transport?.close();
  }

  /**
   * Sends the due, unsent mail in batches until none is left. Each mail is claimed (leased) first, so
   * concurrent workers never send the same one; a mail whose send fails is retried later with back-off.
   */
  async deliverPending(): Promise<DeliveryReport> {
    const transport = this.#transport;
    if (transport === undefined) return { sent: 0, failed: 0 };
    let sent = 0;
    let failed = 0;
    for (;;) {
      const now = this.#clock.now();
      const claimed = await claimDueMail(this.#db, {
        now,
        limit: this.#batchSize,
        maxAttempts: this.#maxAttempts,
        leaseUntil: new Date(now.getTime() + leaseMilliseconds),
      });
      if (claimed.length === 0) break;
      for (const row of claimed) {
        try {
          await transport.send({
            messageId: messageIdFor(row.id, this.#from),
            from: this.#from,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody ?? undefined,
          });
          await markMailSent(this.#db, row.id, this.#clock.now());
          sent += 1;
        } catch (error) {
          failed += 1;
          const message = error instanceof Error ? error.message : String(error);
          const retryAt = new Date(this.#clock.now().getTime() + retryDelayMilliseconds(row.attempts));
          await markMailFailed(this.#db, row.id, message, retryAt);
          const context = { mailId: row.id, kind: row.kind, attempts: row.attempts, err: error };
          if (row.attempts >= this.#maxAttempts) {
            this.#logger.error(context, 'Mail could not be delivered; giving up after the last attempt');
          } else {
            this.#logger.warn(context, 'Mail delivery failed; it will be retried');
          }
        }
      }
      if (claimed.length < this.#batchSize) break;
    }
    return { sent, failed };
  }
}
