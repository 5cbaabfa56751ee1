import { auditLog } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, disableOperator, resetOperatorPassword } from './operator-accounts.service.ts';
import { commandLine } from './test/operator-command-fixtures.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => database?.drop());

describe('the operator command audits each action', () => {
  it('writes create, disable, reset and a refusal with the command-line actor and the operator', async () => {
    const newOperator = { name: '運用', email: null, branchCodes: [] };
    const first = await createOperator(database.db, commandLine, { ...newOperator, loginId: 'ops.first' });
    const second = await createOperator(database.db, commandLine, { ...newOperator, loginId: 'ops.second' });
    await disableOperator(database.db, commandLine, 'ops.first', new Date());
    await resetOperatorPassword(database.db, commandLine, 'ops.second');
    await resetOperatorPassword(database.db, commandLine, 'nobody').catch(() => undefined);

    const rows = await database.db
      .select()
      .from(auditLog)
      .orderBy(asc(auditLog.occurredAt), asc(auditLog.id));
    expect(rows.map((row) => [row.actorType, row.actorId, row.action, row.outcome, row.details])).toEqual([
      [
        'system',
        'command-line:fundops',
        'operator.create',
        'allowed',
        expect.objectContaining({ operatorId: first.operatorId, loginId: 'ops.first' }),
      ],
      [
        'system',
        'command-line:fundops',
        'operator.create',
        'allowed',
        expect.objectContaining({ operatorId: second.operatorId, loginId: 'ops.second' }),
      ],
      [
        'system',
        'command-line:fundops',
        'operator.disable',
        'allowed',
        { operatorId: first.operatorId, loginId: 'ops.first' },
      ],
      [
        'system',
        'command-line:fundops',
        'operator.reset_password',
        'allowed',
        { operatorId: second.operatorId, loginId: 'ops.second' },
      ],
      [
        'system',
        'command-line:fundops',
        'operator.reset_password',
        'refused',
        { loginId: 'nobody', reason: 'no operator with id "nobody"' },
      ],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/argon2|temporaryPassword/);
  });
});
