import { mailOutbox, type DatabaseExecutor, type MailOutboxRow } from '@fund/db';
import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';

export interface NewOutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string | undefined;
  readonly kind: string;
  readonly createdAt: Date;
}

export async function insertOutboxMail(executor: DatabaseExecutor, mail: NewOutboxMail): Promise<string> {
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      kind: mail.kind,
      createdAt: mail.createdAt,
      nextAttemptAt: mail.createdAt,
    })
    .returning({ id: mailOutbox.id });
  if (row === undefined) throw new Error('insert into mail_outbox returned no row');
  return row.id;
}

export interface ClaimOptions {
  readonly now: Date;
  readonly limit: number;
  readonly maxAttempts: number;
  /** Until when the claimed rows are reserved for this worker. */
  readonly leaseUntil: Date;
}

/**
 * Reserves due, unsent mail for one worker: `FOR UPDATE SKIP LOCKED` lets several processes claim at once
 * without waiting for or taking each other's rows, and pushing `next_attempt_at` out keeps the rows
 * away from other workers while this one talks to SMTP outside the transaction.
 */
export async function claimDueMail(
  executor: DatabaseExecutor,
  options: ClaimOptions,
): Promise<MailOutboxRow[]> {
  return executor.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, options.now),
          lt(mailOutbox.attempts, options.maxAttempts),
        ),
      )
      .orderBy(asc(mailOutbox.sequence))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: options.leaseUntil })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markMailSent(executor: DatabaseExecutor, id: string, sentAt: Date): Promise<void> {
  await executor
    .update(mailOutbox)
    .set({ sentAt, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

export async function markMailFailed(
  executor: DatabaseExecutor,
  id: string,
  error: string,
  retryAt: Date,
): Promise<void> {
  await executor
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

export interface OutboxQuery {
  readonly limit: number;
  /** Only mail to this address (exact, case-insensitive). */
  readonly to?: string | undefined;
}

/** Newest first. */
export async function listOutboxMail(
  executor: DatabaseExecutor,
  query: OutboxQuery,
): Promise<MailOutboxRow[]> {
  return executor
    .select()
    .from(mailOutbox)
    .where(query.to === undefined ? undefined : sql`lower(${mailOutbox.toAddress}) = lower(${query.to})`)
    .orderBy(desc(mailOutbox.sequence))
    .limit(query.limit);
}

export async function findOutboxMail(
  executor: DatabaseExecutor,
  id: string,
): Promise<MailOutboxRow | undefined> {
  const [row] = await executor.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
