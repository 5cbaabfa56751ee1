import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funds } from './schema/index.ts';
import { aliasedColumns, namedStatement, rowOfAliased, runNamedStatement } from './statements.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';
import { seedDemoFunds } from './seed/demo-funds.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoFunds(database.db);
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

const fundByCode = namedStatement<Record<string, unknown>>(
  'statements_test_fund_by_code',
  sql`SELECT ${aliasedColumns(funds, 'fund')}, ${sql.placeholder('label')}::text AS label
    FROM (SELECT 1) AS one LEFT JOIN ${funds} ON ${funds.code} = ${sql.placeholder('code')}::text`,
);

describe('named statements (decision 010)', () => {
  it('bind their placeholders by name, on the database and inside a transaction alike', async () => {
    const [outside] = await runNamedStatement(database.db, fundByCode, { code: 'DEMOF003', label: 'a' });
    const [inside] = await database.db.transaction((tx) =>
      runNamedStatement(tx, fundByCode, { code: 'DEMOF003', label: 'b' }),
    );
    expect(outside).toMatchObject({ label: 'a', 'fund.code': 'DEMOF003' });
    expect(inside).toMatchObject({ label: 'b', 'fund.code': 'DEMOF003' });
  });

  it('read back a whole row mapped as the query builder maps it, or undefined when the join found none', async () => {
    const [expected] = await database.db
      .select()
      .from(funds)
      .where(sql`${funds.code} = 'DEMOF003'`);
    const [row] = await runNamedStatement(database.db, fundByCode, { code: 'DEMOF003', label: 'c' });
    expect(rowOfAliased(funds, 'fund', row!)).toEqual(expected);
    const [missing] = await runNamedStatement(database.db, fundByCode, { code: 'NOSUCHFD', label: 'd' });
    expect(rowOfAliased(funds, 'fund', missing!)).toBeUndefined();
  });
});
