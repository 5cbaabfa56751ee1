import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { auditLog } from './index.ts';

const startup = 60_000;

describe('security 28: the audit table is append-only for the application role', { timeout: startup }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(auditLog).values({
      actorType: 'customer',
      actorId: 'c1',
      action: 'act_as.refused',
      outcome: 'refused',
    });
  }, startup);
  afterAll(() => database?.drop());

  it('appends entries', async () => {
    expect(await database.db.$count(auditLog)).toBe(1);
  });

  it.each([
    ['an update', sql`UPDATE audit_log SET action = 'rewritten'`],
    ['a delete', sql`DELETE FROM audit_log`],
    ['a truncate', sql`TRUNCATE audit_log`],
  ])('refuses %s', async (_case, statement) => {
    const refusal: unknown = await database.db.execute(statement).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String((refusal as Error | undefined)?.cause)).toMatch(/append-only/);
    expect(await database.db.$count(auditLog)).toBe(1);
  });
});
