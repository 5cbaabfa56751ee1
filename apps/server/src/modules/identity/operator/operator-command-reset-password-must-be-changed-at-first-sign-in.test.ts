import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../password-hashing.ts';
import { setOperatorPassword } from './operator.repository.ts';
import { createOperator, resetOperatorPassword } from './operator-accounts.service.ts';
import { commandLine, signIn } from './test/operator-command-fixtures.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => database?.drop());

describe('a password reset by the operator command must be changed at the first sign-in', () => {
  it('replaces the chosen password by a temporary one the operator must change', async () => {
    const created = await createOperator(database.db, commandLine, {
      loginId: 'ops.first',
      name: '運用 一郎',
      email: null,
      branchCodes: [],
    });
    await setOperatorPassword(
      database.db,
      created.operatorId,
      await hashPassword('chosen-Passw0rd!x'),
      new Date(),
    );
    expect(await signIn(database.db, 'ops.first', 'chosen-Passw0rd!x')).toMatchObject({ kind: 'signed_in' });

    const reset = await resetOperatorPassword(database.db, commandLine, 'ops.first');
    expect(await signIn(database.db, 'ops.first', 'chosen-Passw0rd!x')).toEqual({ kind: 'invalid' });
    expect(await signIn(database.db, 'ops.first', reset.temporaryPassword)).toMatchObject({
      kind: 'new_password_required',
    });
  });
});
