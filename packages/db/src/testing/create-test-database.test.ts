import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrationsFolder, runMigrations } from '../migrate.ts';
import { customers } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from './create-test-database.ts';
import { pgliteTemplateEnv, postgresTemplateEnv } from './test-database-template.ts';

const startup = 60_000;
const migrationCount = (
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
const onPostgres = Boolean(process.env.DATABASE_URL);

const customer = {
  accountNumber: '2468135',
  branchCode: '001',
  lastName: '佐藤',
  firstName: '健',
  lastNameKana: 'サトウ',
  firstNameKana: 'ケン',
  accountRole: 'ADULT',
  equityStatus: 'OPEN',
  birthDate: '1985-05-05',
  email: 'ken.sato@example.jp',
} as const;

describe('createTestDatabase', { timeout: startup }, () => {
  const opened: TestDatabase[] = [];
  const open = async (...args: Parameters<typeof createTestDatabase>) => {
    const database = await createTestDatabase(...args);
    opened.push(database);
    return database;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.drop()));
  });

  it('under the root Vitest config, copies the template the run migrated once', () => {
    expect(process.env[onPostgres ? postgresTemplateEnv : pgliteTemplateEnv]).toBeTruthy();
  });

  it('gives two databases of the template every migration, and a row written in one is not in the other', async () => {
    const first = await open();
    const second = await open();
    await first.db.insert(customers).values(customer);

    expect(await first.db.$count(customers)).toBe(1);
    expect(await second.db.$count(customers)).toBe(0);
    for (const database of [first, second]) {
      expect(await runMigrations(database)).toEqual({ appliedNow: 0, total: migrationCount });
    }
  });

  it('migrates a database of its own when the run has no template', async () => {
    vi.stubEnv(onPostgres ? postgresTemplateEnv : pgliteTemplateEnv, '');
    const database = await open();
    expect(await runMigrations(database)).toEqual({ appliedNow: 0, total: migrationCount });
    expect(await database.db.$count(customers)).toBe(0);
  });

  it.skipIf(onPostgres)('migrates a database of its own when the template file is gone', async () => {
    vi.stubEnv(pgliteTemplateEnv, join(migrationsFolder, 'no-such-template.tar'));
    const database = await open();
    expect(await runMigrations(database)).toEqual({ appliedNow: 0, total: migrationCount });
  });
});
