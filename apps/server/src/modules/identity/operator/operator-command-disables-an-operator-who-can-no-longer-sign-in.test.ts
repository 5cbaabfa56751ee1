import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, disableOperator, OperatorCommandRefused } from './operator-accounts.service.ts';
import { commandLine, signIn } from './test/operator-command-fixtures.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => database?.drop());

describe('the operator command disables an operator, who can no longer sign in', () => {
  it('refuses the sign-in of a disabled operator, an unknown id, and disabling the last operator', async () => {
    const first = await createOperator(database.db, commandLine, {
      loginId: 'ops.first',
      name: '運用 一郎',
      email: null,
      branchCodes: [],
    });
    await expect(disableOperator(database.db, commandLine, 'ops.first', new Date())).rejects.toThrow(
      OperatorCommandRefused,
    );
    await createOperator(database.db, commandLine, {
      loginId: 'ops.second',
      name: '運用 二郎',
      email: null,
      branchCodes: [],
    });
    await disableOperator(database.db, commandLine, 'ops.first', new Date());
    expect(await signIn(database.db, 'ops.first', first.temporaryPassword)).toEqual({ kind: 'locked' });
    await expect(disableOperator(database.db, commandLine, 'ops.second', new Date())).rejects.toThrow(
      /last one who can sign in/,
    );
    await expect(disableOperator(database.db, commandLine, 'nobody', new Date())).rejects.toThrow(
      'no operator with id "nobody"',
    );
  });
});
