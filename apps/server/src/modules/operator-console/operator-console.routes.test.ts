import { auditLog, demoCustomers, demoOperators, operators, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { signInOperator } from '../../test/operator-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 90_000;
const main = demoCustomers.find((customer) => customer.accountNumber === '1000001')!;
/** Serves branch 001, the branch of every demo customer. */
const operator02 = demoOperators.find((operator) => operator.loginId === 'operator02')!;
/** Serves branch 002 only: no demo customer. */
const operator01 = demoOperators.find((operator) => operator.loginId === 'operator01')!;

let database: TestDatabase;
let app: App;
let operator02Token: string;
let operator01Token: string;
let customerToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
  operator02Token = (await signInOperator(app, operator02)).access_token;
  operator01Token = (await signInOperator(app, operator01)).access_token;
  customerToken = (await signInCustomer(app, main.accountNumber)).access_token;
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const operatorId = async (loginId: string) =>
  (await database.db.select({ id: operators.id }).from(operators).where(eq(operators.loginId, loginId)))[0]!
    .id;

describe('GET /v1/operator/customers (search)', { timeout: startup }, () => {
  it('finds 1000001 by its 口座番号 for operator02 (branch 001) and audits the search', async () => {
    const response = await callAs(app, operator02Token, '/v1/operator/customers?accountNumber=1000001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      customers: [
        expect.objectContaining({
          accountNumber: '1000001',
          branchCode: '001',
          lastName: '青木',
          firstName: '健太',
          lastNameKana: 'アオキ',
        }),
      ],
      truncated: false,
    });
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, await operatorId('operator02')),
          eq(auditLog.action, 'operator.customer_search'),
        ),
      );
    expect(rows.at(-1)).toMatchObject({
      actorType: 'operator',
      outcome: 'allowed',
      details: expect.objectContaining({ accountNumber: '1000001', matches: 1, loginId: 'operator02' }),
    });
  });

  it('finds customers by part of the full kana, spaces ignored, ordered by 口座番号', async () => {
    const response = await callAs(
      app,
      operator02Token,
      `/v1/operator/customers?nameKana=${encodeURIComponent('アオキ　ケン')}`,
    );
    expect(
      response.json<{ customers: { accountNumber: string }[] }>().customers.map((c) => c.accountNumber),
    ).toEqual(['1000001']);
    const family = await callAs(
      app,
      operator02Token,
      `/v1/operator/customers?nameKana=${encodeURIComponent('アオキ')}`,
    );
    const numbers = family
      .json<{ customers: { accountNumber: string }[] }>()
      .customers.map((c) => c.accountNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers).toEqual(expect.arrayContaining(['1000001', '1000003', '1000004']));
  });

  it('narrows by a 口座番号 prefix and takes LIKE characters literally', async () => {
    const prefix = await callAs(app, operator02Token, '/v1/operator/customers?accountNumber=100000');
    expect(prefix.json<{ customers: unknown[] }>().customers.length).toBe(9);
    const literal = await callAs(
      app,
      operator02Token,
      `/v1/operator/customers?nameKana=${encodeURIComponent('ア%')}`,
    );
    expect(literal.statusCode).toBe(400);
  });

  it('shows operator01 (branch 002) none of the branch-001 customers', async () => {
    const response = await callAs(app, operator01Token, '/v1/operator/customers?accountNumber=1000001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customers: [], truncated: false });
  });

  it('asks for a 口座番号 or kana (400) and refuses a customer token (401)', async () => {
    expect((await callAs(app, operator02Token, '/v1/operator/customers')).statusCode).toBe(400);
    expect((await callAs(app, operator02Token, '/v1/operator/customers?nameKana=abc')).statusCode).toBe(400);
    expect((await callAs(app, customerToken, '/v1/operator/customers?accountNumber=1')).statusCode).toBe(401);
  });
});

describe('GET /v1/operator/customers/:accountNumber (open)', { timeout: startup }, () => {
  it('opens 1000001 for operator02 and audits the opening with the customer as subject', async () => {
    const response = await callAs(app, operator02Token, '/v1/operator/customers/1000001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ accountNumber: '1000001', accountRole: 'ADULT', locked: false });
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'operator.customer_open'),
          eq(auditLog.actorId, await operatorId('operator02')),
        ),
      );
    expect(row).toMatchObject({ outcome: 'allowed', subjectCustomerId: main.id });
  });

  it('refuses operator01 a branch-001 customer (403) and an unknown one alike, both audited as refused', async () => {
    const refused = await callAs(app, operator01Token, '/v1/operator/customers/1000001');
    const unknown = await callAs(app, operator01Token, '/v1/operator/customers/1999999');
    expect(refused.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual(refused.json());
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'operator.customer_open'),
          eq(auditLog.actorId, await operatorId('operator01')),
        ),
      );
    expect(rows.map((row) => [row.outcome, row.subjectCustomerId, row.details['reason']])).toEqual([
      ['refused', main.id, 'not_assigned'],
      ['refused', null, 'unknown_customer'],
    ]);
  });

  it('refuses a locked operator the customers of its own branches', async () => {
    const id = await operatorId('operator02');
    await database.db.update(operators).set({ lockedAt: new Date() }).where(eq(operators.id, id));
    try {
      expect((await callAs(app, operator02Token, '/v1/operator/customers/1000002')).statusCode).toBe(403);
    } finally {
      await database.db.update(operators).set({ lockedAt: null }).where(eq(operators.id, id));
    }
    const [unlocked] = await database.db
      .select()
      .from(operators)
      .where(and(eq(operators.id, id), isNull(operators.lockedAt)));
    expect(unlocked).toBeDefined();
  });
});

describe('GET /v1/operator/auditTrail', { timeout: startup }, () => {
  it('lists the operator’s own act-as calls newest first with the customer, and none of another operator', async () => {
    const actAs = await callAs(app, operator02Token, '/v1/assets', { headers: { 'user-id': '1000001' } });
    expect(actAs.statusCode).toBe(200);
    const response = await callAs(app, operator02Token, '/v1/operator/auditTrail?limit=3');
    expect(response.statusCode).toBe(200);
    const trail = response.json<{ entries: Record<string, unknown>[]; hasMore: boolean }>();
    expect(trail.entries[0]).toMatchObject({
      action: 'act_as',
      outcome: 'allowed',
      customer: { accountNumber: '1000001', name: '青木 健太' },
      method: 'GET',
      path: '/v1/assets',
      reason: null,
    });
    expect(trail.hasMore).toBe(true);
    const times = trail.entries.map((entry) => String(entry.occurredAt));
    expect(times).toEqual([...times].sort().reverse());

    const next = await callAs(
      app,
      operator02Token,
      `/v1/operator/auditTrail?limit=100&before=${encodeURIComponent(times.at(-1)!)}`,
    );
    const older = next.json<{ entries: { occurredAt: string }[] }>().entries;
    expect(older.every((entry) => entry.occurredAt < times.at(-1)!)).toBe(true);

    const other = await callAs(app, operator01Token, '/v1/operator/auditTrail');
    const otherEntries = other.json<{ entries: { action: string; customer: unknown }[] }>().entries;
    expect(
      otherEntries.every(
        (entry) => entry.action === 'operator.customer_open' || entry.action === 'operator.customer_search',
      ),
    ).toBe(true);
  });

  it('refuses a customer token (401)', async () => {
    expect((await callAs(app, customerToken, '/v1/operator/auditTrail')).statusCode).toBe(401);
  });
});
