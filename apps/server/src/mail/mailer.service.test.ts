import { mailOutbox } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../plugins/clock.plugin.ts';
import { signUpCodeMail } from './mail-templates.ts';
import { smtpTransport, type MailTransport, type TransportMessage } from './mail-transport.ts';
import { Mailer, retryDelayMilliseconds, type MailerLogger } from './mailer.service.ts';
import { startSmtpSink } from './testing/smtp-sink.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

class MovableClock implements Clock {
  instant = new Date('2025-04-01T00:00:00Z');
  now(): Date {
    return new Date(this.instant);
  }
  advance(milliseconds: number): void {
    this.instant = new Date(this.instant.getTime() + milliseconds);
  }
}

const quietLogger: MailerLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** Records what it was asked to send; fails while `failures` is positive. */
class RecordingTransport implements MailTransport {
  readonly sent: TransportMessage[] = [];
  failures = 0;
  async send(message: TransportMessage): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('451 try again later');
    }
    this.sent.push(message);
  }
  close(): void {}
}

function mailer(options: { transport?: MailTransport; clock?: Clock } = {}): Mailer {
  return new Mailer({
    db: database.db,
    clock: options.clock ?? new MovableClock(),
    transport: options.transport,
    from: '投資信託 オンラインサービス <no-reply@example.jp>',
    logger: quietLogger,
  });
}

const codeMail = { to: 'aoki@example.jp', ...signUpCodeMail({ code: '123456', validMinutes: 10 }) };

async function outbox() {
  return database.db.select().from(mailOutbox).orderBy(mailOutbox.sequence);
}

describe('outbox', () => {
  it('writes the mail in the caller transaction: a rollback leaves no mail', async () => {
    const transport = new RecordingTransport();
    const subject = mailer({ transport });
    await expect(
      database.db.transaction(async (tx) => {
        await subject.enqueue(codeMail, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox()).toEqual([]);
    await subject.deliverPending();
    expect(transport.sent).toEqual([]);
  });

  it('keeps mail unsent in the outbox when no SMTP is configured', async () => {
    const subject = mailer();
    await subject.enqueue(codeMail);
    expect(subject.delivers).toBe(false);
    expect(await subject.deliverPending()).toEqual({ sent: 0, failed: 0 });
    const [row] = await outbox();
    expect(row).toMatchObject({
      toAddress: 'aoki@example.jp',
      kind: 'sign-up-code',
      sentAt: null,
      attempts: 0,
    });
    expect(row?.textBody).toContain('確認コード：123456');
  });
});

describe('delivery', () => {
  it('sends committed mail right away when enqueued without a transaction and marks it sent', async () => {
    const clock = new MovableClock();
    const transport = new RecordingTransport();
    const subject = mailer({ transport, clock });
    const id = await subject.enqueue(codeMail);
    await subject.idle();
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({
      to: 'aoki@example.jp',
      from: '投資信託 オンラインサービス <no-reply@example.jp>',
      messageId: `<${id}@example.jp>`,
    });
    const [row] = await outbox();
    expect(row).toMatchObject({ sentAt: clock.now(), attempts: 1, lastError: null });
  });

  it('marks a mail sent only after the server accepted it, and retries a failure after its back-off', async () => {
    const clock = new MovableClock();
    const transport = new RecordingTransport();
    transport.failures = 1;
    const subject = mailer({ transport, clock });
    await database.db.transaction(async (tx) => subject.enqueue(codeMail, tx));

    expect(await subject.deliverPending()).toEqual({ sent: 0, failed: 1 });
    let [row] = await outbox();
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: '451 try again later' });

    // not yet due: the back-off holds it back
    clock.advance(retryDelayMilliseconds(1) - 1000);
    expect(await subject.deliverPending()).toEqual({ sent: 0, failed: 0 });

    clock.advance(1000);
    expect(await subject.deliverPending()).toEqual({ sent: 1, failed: 0 });
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row?.sentAt).not.toBeNull();
    expect(transport.sent).toHaveLength(1);
  });

  it('sends each mail once when several workers deliver at the same time (FOR UPDATE SKIP LOCKED)', async () => {
    const transport = new RecordingTransport();
    const clock = new MovableClock();
    for (let index = 0; index < 30; index += 1) {
      await mailer({ clock }).enqueue({ ...codeMail, to: `customer${index}@example.jp` });
    }
    const workers = [
      mailer({ transport, clock }),
      mailer({ transport, clock }),
      mailer({ transport, clock }),
    ];
    const reports = await Promise.all(workers.map((worker) => worker.deliverPending()));
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(30);
    expect(new Set(transport.sent.map((message) => message.to)).size).toBe(30);
    expect(transport.sent).toHaveLength(30);
  });

  it('gives a mail up after the last attempt and leaves it in the outbox', async () => {
    const clock = new MovableClock();
    const transport = new RecordingTransport();
    transport.failures = 100;
    const subject = new Mailer({
      db: database.db,
      clock,
      transport,
      from: 'no-reply@example.jp',
      logger: quietLogger,
      maxAttempts: 2,
    });
    await subject.enqueue(codeMail, database.db);
    await subject.deliverPending();
    clock.advance(retryDelayMilliseconds(1));
    await subject.deliverPending();
    clock.advance(retryDelayMilliseconds(2));
    expect(await subject.deliverPending()).toEqual({ sent: 0, failed: 0 });
    const [row] = await outbox();
    expect(row).toMatchObject({ sentAt: null, attempts: 2 });
  });
});

describe('SMTP', () => {
  it('delivers through a real SMTP conversation and retries after a temporary refusal', async () => {
    const sink = await startSmtpSink();
    const transport = smtpTransport(sink.url);
    const clock = new MovableClock();
    const subject = mailer({ transport, clock });
    try {
      sink.failNext(1);
      const id = await subject.enqueue(codeMail, database.db);
      expect(await subject.deliverPending()).toEqual({ sent: 0, failed: 1 });
      const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(failed?.sentAt).toBeNull();
      expect(failed?.lastError).toContain('451');

      clock.advance(retryDelayMilliseconds(1));
      expect(await subject.deliverPending()).toEqual({ sent: 1, failed: 0 });
      expect(sink.received).toHaveLength(1);
      const [mail] = sink.received;
      expect(mail?.from).toBe('no-reply@example.jp');
      expect(mail?.to).toEqual(['aoki@example.jp']);
      expect(mail?.data).toContain(`Message-ID: <${id}@example.jp>`);
      expect(mail?.data).toContain('Auto-Submitted: auto-generated');
    } finally {
      await subject.close();
      await sink.close();
    }
  });
});
