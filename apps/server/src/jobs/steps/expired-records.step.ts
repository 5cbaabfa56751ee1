import type { BatchStep } from '../batch-runner.ts';
import type { Transaction } from '@fund/db';
import { deleteRowsOlderThan, deleteSignInEventsOlderThan } from './expired-records.repository.ts';

interface KeptRecords {
  readonly table: string;
  /** How long a row is kept (a PostgreSQL interval, as docs/retention.md states it). */
  readonly keep: string;
  /** Deletes up to `limit` rows past their time; answers how many went. */
  readonly deleteChunk: (tx: Transaction, limit: number) => Promise<number>;
}

/**
 * Records written with each request or sign-in that are kept for a stated time and then deleted
 * (docs/retention.md), by the database's clock: they are stamped in real time, and a demo clock moved
 * forward must not end them early.
 */
export const keptRecords: readonly KeptRecords[] = [
  {
    // a client retries within minutes; an order placed with a key keeps its own unique key on the order
    // row, so the same buy sent again after the day is still refused, not placed twice
    table: 'idempotency_records',
    keep: '24 hours',
    deleteChunk: (tx, limit) =>
      deleteRowsOlderThan(
        tx,
        { table: 'idempotency_records', column: 'created_at', keep: '24 hours' },
        limit,
      ),
  },
  {
    // sent mail (sign-in codes, notices by mail): kept a month for a customer's "I never got it"; the
    // messages themselves live on in the notices and documents of the account
    table: 'mail_outbox',
    keep: '30 days',
    deleteChunk: (tx, limit) =>
      deleteRowsOlderThan(tx, { table: 'mail_outbox', column: 'sent_at', keep: '30 days' }, limit),
  },
  {
    // events of the partner sites (account opened, trading status): a sender resends within minutes;
    // what the event did stays in the customer's data and the audit trail
    table: 'inbound_events',
    keep: '90 days',
    deleteChunk: (tx, limit) =>
      deleteRowsOlderThan(tx, { table: 'inbound_events', column: 'received_at', keep: '90 days' }, limit),
  },
  {
    // the customer's sign-in history (ログイン履歴) and the security review of a year; each customer's last
    // successful sign-in stays, for 前回ログイン
    table: 'sign_in_events',
    keep: '1 year',
    deleteChunk: (tx, limit) => deleteSignInEventsOlderThan(tx, '1 year', limit),
  },
];

/** Rows deleted per statement, so the night never holds many rows of a table locked at once. */
const rowsPerStatement = 5_000;

/** Housekeeping (issue 27 point 8): once per date (item `-`), the records past their time, a chunk at a time. */
export const expiredRecordsStep: BatchStep = {
  name: 'expired-records',
  async enumerate() {
    return ['-'];
  },
  async process(tx) {
    let deleted = 0;
    for (const records of keptRecords) {
      for (;;) {
        const chunk = await records.deleteChunk(tx, rowsPerStatement);
        deleted += chunk;
        if (chunk < rowsPerStatement) break;
      }
    }
    return deleted === 0 ? 'nothing-expired' : 'deleted';
  },
};
