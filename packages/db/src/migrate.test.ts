import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateDatabase, migrationsFolder, runMigrations } from './migrate.ts';
import { customers } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';
import { createPostgresTestDatabase } from './testing/postgres-test-database.ts';

const startup = 60_000;
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};
const migrationCount = journal.entries.length;

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
}

/**
 * Two handles on one database that has not been migrated yet: two pools (two "processes") on a fresh
 * PostgreSQL database, or the single PGlite client used twice, since PGlite has one connection.
 */
async function twoHandlesOnAnEmptyDatabase(): Promise<{
  handles: [DatabaseHandle, DatabaseHandle];
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { handles: [handle, handle], drop: handle.close };
  }
  const database = await createPostgresTestDatabase(serverUrl);
  const first = await openDatabase({ url: database.url, poolSize: 2 });
  const second = await openDatabase({ url: database.url, poolSize: 2 });
  return {
    handles: [first, second],
    drop: async () => {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    },
  };
}

describe('migrations on a fresh database', { timeout: startup }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // not the run's migrated template: this is the test of migrating an empty database
    database = await createTestDatabase({ freshMigration: true });
  }, startup);
  afterAll(() => database?.drop());

  it('create every table of the schema', async () => {
    expect(await publicTables(database)).toEqual([
      'account_transfer_accounts',
      'attempt_windows',
      'audit_log',
      'batch_step_runs',
      'cashflows',
      'customer_accounts',
      'customer_agents',
      'customer_balances',
      'customer_credentials',
      'customers',
      'delivered_document_reads',
      'delivered_documents',
      'distribution_courses',
      'distribution_payments',
      'email_otp_settings',
      'fund_distributions',
      'fund_holidays',
      'fund_navs',
      'fund_prospectuses',
      'funds',
      'holdings',
      'idempotency_records',
      'inbound_events',
      'information_reads',
      'informations',
      'journal_entries',
      'journal_lines',
      'linked_cards',
      'mail_outbox',
      'monthly_deposits',
      'nisa_requests',
      'nisa_usage',
      'oidc_payloads',
      'operator_assignments',
      'operator_password_resets',
      'operators',
      'orders',
      'pending_card_links',
      'pending_registrations',
      'pending_second_factors',
      'point_balances',
      'points_ledger',
      'prospectus_confirmations',
      'recurring_debits',
      'recurring_purchases',
      'redemption_payments',
      'scheduled_sells',
      'sign_in_events',
      'temporary_users',
      'totp_credentials',
      'trades',
      'update_account_requests',
      'verification_codes',
      'webauthn_challenges',
      'webauthn_credentials',
      'yearly_tax_states',
    ]);
  });

  it('running them again applies nothing and keeps the data', async () => {
    await database.db.insert(customers).values({
      accountNumber: '1234567',
      branchCode: '001',
      lastName: '森',
      firstName: '一郎',
      lastNameKana: 'モリ',
      firstNameKana: 'イチロウ',
      accountRole: 'ADULT',
      equityStatus: 'OPEN',
      birthDate: '1970-03-03',
      email: 'ichiro.mori@example.jp',
    });
    expect(await runMigrations(database)).toEqual({ appliedNow: 0, total: migrationCount });
    await migrateDatabase(database);
    expect(await database.db.$count(customers)).toBe(1);
  });
});

describe('migrations started twice at the same moment', { timeout: startup }, () => {
  it('apply each migration exactly once and both succeed', async () => {
    const { handles, drop } = await twoHandlesOnAnEmptyDatabase();
    try {
      const reports = await Promise.all(handles.map((handle) => runMigrations(handle)));
      expect(reports.map((report) => report.appliedNow).sort()).toEqual([0, migrationCount]);
      expect(reports.map((report) => report.total)).toEqual([migrationCount, migrationCount]);
      expect(await publicTables(handles[0])).toContain('customers');
    } finally {
      await drop();
    }
  });
});
