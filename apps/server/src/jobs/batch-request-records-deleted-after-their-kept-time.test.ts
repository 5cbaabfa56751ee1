import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHashOf, runIdempotent } from '../idempotency/idempotency.ts';
import { insertCustomer, runDay } from './test/batch-fixtures.ts';

// Issue 27 point 8: records written with every request or sign-in were kept for ever. docs/retention.md
// states how long each is kept; the daily batch deletes them after that, by the database's clock.
describe('the daily batch deletes request records after their kept time', () => {
  let database: TestDatabase;
  let customerId: string;
  const body = { fundCode: 'DEMOF001', amount: 10_000 };
  const requestHash = requestHashOf('POST', '/v1/orders/buy', body);

  async function rows(query: ReturnType<typeof sql>): Promise<string[]> {
    const result = await database.db.execute(query);
    return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    customerId = await insertCustomer(database);
    for (const [name, age] of [
      ['made-25-hours-ago', '25 hours'],
      ['made-23-hours-ago', '23 hours'],
    ]) {
      await database.db.execute(sql`INSERT INTO idempotency_records
        (customer_id, key, request_hash, response_status, response_body, created_at)
        VALUES (${customerId}::uuid, ${name}, ${requestHash}, 201, '{"orderId":"first"}', now() - ${age}::interval)`);
    }
    for (const [name, sentAgo] of [
      ['sent-31-days-ago', '31 days'],
      ['sent-29-days-ago', '29 days'],
      ['never-sent', null],
    ]) {
      await database.db
        .execute(sql`INSERT INTO mail_outbox (to_address, subject, text_body, kind, created_at, sent_at)
        VALUES ('c@example.jp', ${name}, 'x', 'sign-in-code', now() - interval '40 days',
          ${sentAgo === null ? null : sql`now() - ${sentAgo}::interval`})`);
    }
    for (const [name, age] of [
      ['event-91-days-ago', '91 days'],
      ['event-89-days-ago', '89 days'],
    ]) {
      await database.db.execute(sql`INSERT INTO inbound_events (event_id, type, body_hash, received_at)
        VALUES (${name}, 'trading.status', 'hash', now() - ${age}::interval)`);
    }
    const quietCustomerId = await insertCustomer(database);
    for (const [who, name, outcome, age] of [
      [customerId, '13-months-ago', 'succeeded', '13 months'],
      [customerId, '11-months-ago', 'succeeded', '11 months'],
      // a customer away for two years keeps the last sign-in (前回ログイン), not the failed one before it
      [quietCustomerId, 'quiet-25-months-ago-wrong', 'wrong_password', '25 months'],
      [quietCustomerId, 'quiet-24-months-ago', 'succeeded', '24 months'],
    ]) {
      await database.db.execute(sql`INSERT INTO sign_in_events
        (customer_id, account_number_tried, outcome, user_agent, occurred_at)
        VALUES (${who}::uuid, '1000001', ${outcome}, ${name}, now() - ${age}::interval)`);
    }
  });
  afterAll(() => database.drop());

  it('deletes the idempotency record of 25 hours, the mail sent 31 days ago, the partner event of 91 days and the sign-ins over a year old but each customer’s last, once', async () => {
    const day = await runDay(database, '2026-11-20');
    expect(day.steps.find((step) => step.step === 'expired-records')).toMatchObject({
      items: 1,
      outcomes: { deleted: 1 },
      failed: 0,
    });
    expect(await rows(sql`SELECT key AS name FROM idempotency_records ORDER BY key`)).toEqual([
      'made-23-hours-ago',
    ]);
    // a mail never sent stays, however old: the outbox still owes it
    expect(await rows(sql`SELECT subject AS name FROM mail_outbox ORDER BY subject`)).toEqual([
      'never-sent',
      'sent-29-days-ago',
    ]);
    expect(await rows(sql`SELECT event_id AS name FROM inbound_events ORDER BY event_id`)).toEqual([
      'event-89-days-ago',
    ]);
    expect(await rows(sql`SELECT user_agent AS name FROM sign_in_events ORDER BY user_agent`)).toEqual([
      '11-months-ago',
      'quiet-24-months-ago',
    ]);
    const rerun = await runDay(database, '2026-11-21');
    expect(rerun.steps.find((step) => step.step === 'expired-records')).toMatchObject({
      outcomes: { 'nothing-expired': 1 },
    });
  });

  it('the idempotency record of 23 hours still answers the replay with the first answer, without doing the work again', async () => {
    const answer = await runIdempotent(
      database.db,
      { customerId, key: 'made-23-hours-ago', requestHash },
      () => {
        throw new Error('the work must not run again for a replayed key');
      },
    );
    expect(answer).toEqual({ status: 201, body: { orderId: 'first' }, replayed: true });
  });
});
