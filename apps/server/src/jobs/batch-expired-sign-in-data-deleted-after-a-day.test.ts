import { demoCustomerPasswordHash, operators } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiringSignInTables } from './steps/expired-sign-in-data.step.ts';
import { insertCustomer, runDay } from './test/batch-fixtures.ts';

/** Expiry instants relative to the database's clock, which the step goes by. */
const expired2DaysAgo = sql`now() - interval '2 days'`;
const expired1HourAgo = sql`now() - interval '1 hour'`;
const inAnHour = sql`now() + interval '1 hour'`;
const instants = [expired2DaysAgo, expired1HourAgo, inAnHour];

describe('the daily batch deletes sign-in data that expired more than a day ago', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const customerId = await insertCustomer(database);
    const [operator] = await database.db
      .insert(operators)
      .values({
        loginId: 'cleanup01',
        name: 'テスト',
        email: 'cleanup01@example.jp',
        passwordHash: demoCustomerPasswordHash,
      })
      .returning({ id: operators.id });
    const rows: SQL[] = [];
    for (const [index, expiresAt] of instants.entries()) {
      rows.push(
        sql`INSERT INTO oidc_payloads (kind, id, payload, expires_at) VALUES ('Session', ${`s${index}`}, '{}', ${expiresAt})`,
        sql`INSERT INTO oidc_payloads (kind, id, payload, expires_at) VALUES ('admin:Grant', ${`g${index}`}, '{}', ${expiresAt})`,
        sql`INSERT INTO pending_registrations (email, password_hash, last_name, first_name, last_name_kana,
          first_name_kana, birth_date, expires_at)
          VALUES (${`new${index}@example.jp`}, ${demoCustomerPasswordHash}, '山田', '太郎', 'ヤマダ', 'タロウ', '1990-01-01', ${expiresAt})`,
        sql`INSERT INTO pending_second_factors (attempt_id, customer_id, expires_at, created_at)
          VALUES (${`a${index}`}, ${customerId}::uuid, ${expiresAt}, now())`,
        sql`INSERT INTO verification_codes (purpose, attempt_id, customer_id, email, code_hash, expires_at)
          VALUES ('sign_in', ${`a${index}`}, ${customerId}::uuid, 'c@example.jp', 'x', ${expiresAt})`,
        sql`INSERT INTO webauthn_challenges (ceremony, attempt_id, customer_id, challenge, expires_at)
          VALUES ('registration', ${`a${index}`}, ${customerId}::uuid, 'x', ${expiresAt})`,
        sql`INSERT INTO operator_password_resets (operator_id, code_hash, expires_at)
          VALUES (${operator!.id}::uuid, 'x', ${expiresAt})`,
        sql`INSERT INTO attempt_windows (key, count, expires_at) VALUES (${`sign-in:ip:a${index}`}, 3, ${expiresAt})`,
        sql`INSERT INTO pending_card_links (onetime_token, customer_id, expires_at)
          VALUES (${`t${index}`}, ${customerId}::uuid, ${expiresAt})`,
        sql`INSERT INTO temporary_users (guardian_customer_id, last_name, first_name, last_name_kana,
          first_name_kana, birth_date, email, expires_at)
          VALUES (${customerId}::uuid, '山田', '花子', 'ヤマダ', 'ハナコ', '2015-04-01', ${`child${index}@example.jp`}, ${expiresAt})`,
      );
    }
    // a registered client: no expiry, kept for good
    rows.push(sql`INSERT INTO oidc_payloads (kind, id, payload) VALUES ('Client', 'kept', '{}')`);
    for (const row of rows) await database.db.execute(row);
  }, 60_000);
  afterAll(() => database.drop());

  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const table of expiringSignInTables) {
      const answer = await database.db.execute(
        sql`SELECT count(*)::int AS rows FROM ${sql.identifier(table)}`,
      );
      result[table] = (answer as unknown as { rows: { rows: number }[] }).rows[0]!.rows;
    }
    return result;
  }

  it('keeps what expired within the day, is still valid or never expires; a rerun of the date deletes nothing more', async () => {
    expect(await counts()).toEqual({
      oidc_payloads: 7,
      pending_registrations: 3,
      pending_second_factors: 3,
      verification_codes: 3,
      webauthn_challenges: 3,
      operator_password_resets: 3,
      attempt_windows: 3,
      pending_card_links: 3,
      temporary_users: 3,
    });
    const day = await runDay(database, '2026-11-20');
    expect(day.steps.find((step) => step.step === 'expired-sign-in-data')).toMatchObject({
      items: 1,
      outcomes: { deleted: 1 },
      failed: 0,
    });
    const after = {
      oidc_payloads: 5,
      pending_registrations: 2,
      pending_second_factors: 2,
      verification_codes: 2,
      webauthn_challenges: 2,
      operator_password_resets: 2,
      attempt_windows: 2,
      pending_card_links: 2,
      temporary_users: 2,
    };
    expect(await counts()).toEqual(after);
    await runDay(database, '2026-11-20');
    expect(await counts()).toEqual(after);
  }, 60_000);
});
