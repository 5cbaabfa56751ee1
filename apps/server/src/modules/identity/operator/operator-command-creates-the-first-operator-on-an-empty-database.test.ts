import { operators } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, OperatorCommandRefused } from './operator-accounts.service.ts';
import { commandLine, signIn } from './test/operator-command-fixtures.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => database?.drop());

describe('the operator command creates the first operator on an empty database', () => {
  it('creates a signable operator with a temporary password, and refuses the same id twice', async () => {
    expect(await database.db.select().from(operators)).toEqual([]);
    const created = await createOperator(database.db, commandLine, {
      loginId: 'ops.first',
      name: '運用 一郎',
      email: 'ops@example.jp',
      branchCodes: ['001'],
    });
    expect(created.temporaryPassword).toHaveLength(16);
    expect(await signIn(database.db, 'ops.first', created.temporaryPassword)).toMatchObject({
      kind: 'new_password_required',
      operator: { id: created.operatorId, loginId: 'ops.first', temporaryPassword: true },
    });
    await expect(
      createOperator(database.db, commandLine, {
        loginId: 'ops.first',
        name: 'x',
        email: null,
        branchCodes: [],
      }),
    ).rejects.toThrow(new OperatorCommandRefused('operator id "ops.first" already exists'));
    expect(await database.db.select().from(operators)).toHaveLength(1);
  });
});
