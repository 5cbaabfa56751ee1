import { auditLog, demoCustomers, demoOperators, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import type { OperatorAccesses } from '@fund/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { signInOperator } from '../../test/operator-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';

const startup = 60_000;
const main = demoCustomers.find((customer) => customer.accountNumber === '1000001')!;
const other = demoCustomers.find((customer) => customer.accountNumber === '1000006')!;
const quiet = demoCustomers.find((customer) => customer.accountNumber === '1000005')!;
const operator02 = demoOperators.find((operator) => operator.loginId === 'operator02')!;
const operator01 = demoOperators.find((operator) => operator.loginId === 'operator01')!;

let database: TestDatabase;
let app: App;
let mainToken: string;
let otherToken: string;
let quietToken: string;
let operatorToken: string;

/** An act-as row as the act-as service writes it, at a chosen instant. */
async function actAsRow(
  subject: string,
  at: string,
  path: string,
  options: { operatorId?: string; outcome?: 'allowed' | 'refused' } = {},
) {
  await recordAudit(database.db, {
    actorType: 'operator',
    actorId: options.operatorId ?? operator02.id,
    subjectCustomerId: subject,
    action: 'act_as',
    outcome: options.outcome ?? 'allowed',
    details: { loginId: 'operator02', method: 'GET', path, header: subject },
    occurredAt: new Date(at),
  });
}

async function listOf(token: string, query = ''): Promise<OperatorAccesses> {
  const response = await callAs(app, token, `/v1/operatorAccesses${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<OperatorAccesses>();
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
  mainToken = (await signInCustomer(app, main.accountNumber)).access_token;
  otherToken = (await signInCustomer(app, other.accountNumber)).access_token;
  quietToken = (await signInCustomer(app, quiet.accountNumber)).access_token;
  operatorToken = (await signInOperator(app, operator02)).access_token;

  // 2026-11-20 in Japan: two calls of operator02 (09:05 and 09:40 JST), one refused, one of operator01
  await actAsRow(main.id, '2026-11-20T00:05:00Z', '/v1/assets');
  await actAsRow(main.id, '2026-11-20T00:40:00Z', '/v1/trades');
  await actAsRow(main.id, '2026-11-20T01:00:00Z', '/v1/orders/buy', { outcome: 'refused' });
  await actAsRow(main.id, '2026-11-20T03:00:00Z', '/v6/accounts', { operatorId: operator01.id });
  // 2026-11-21 00:30 JST is still 2026-11-20 in UTC: a day of its own in Japan
  await actAsRow(main.id, '2026-11-20T15:30:00Z', '/v1/cashflows/creditCard');
  // another customer's visit
  await actAsRow(other.id, '2026-11-22T01:00:00Z', '/v1/assets');
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('GET /v1/operatorAccesses: the customer sees when operators viewed the account (decision 025)', () => {
  it('groups the admitted act-as calls by operator and day in Japan, newest first, in customer words', async () => {
    const answer = await listOf(mainToken);
    expect(answer).toEqual({
      accesses: [
        {
          date: '2026-11-21',
          firstAt: '2026-11-20T15:30:00.000Z',
          lastAt: '2026-11-20T15:30:00.000Z',
          actor: 'コールセンター担当者',
          areas: ['payment'],
        },
        {
          date: '2026-11-20',
          firstAt: '2026-11-20T03:00:00.000Z',
          lastAt: '2026-11-20T03:00:00.000Z',
          actor: 'コールセンター担当者',
          areas: ['account'],
        },
        {
          date: '2026-11-20',
          firstAt: '2026-11-20T00:05:00.000Z',
          lastAt: '2026-11-20T00:40:00.000Z',
          actor: 'コールセンター担当者',
          areas: ['assets', 'history'],
        },
      ],
      paging: { page: 1, pageSize: 10, total: 3 },
    });
  });

  it('never names the operator: no login id, name or operator id in the answer', async () => {
    const body = JSON.stringify(await listOf(mainToken));
    for (const secret of ['operator02', 'operator01', operator02.id, operator01.id, operator02.name]) {
      expect(body).not.toContain(secret);
    }
  });

  it('shows a customer only their own visits', async () => {
    const answer = await listOf(otherToken);
    expect(answer.paging.total).toBe(1);
    expect(answer.accesses).toEqual([expect.objectContaining({ date: '2026-11-22', areas: ['assets'] })]);
    expect((await listOf(quietToken)).accesses).toEqual([]);
  });

  it('pages the visits without overlap', async () => {
    const first = await listOf(mainToken, '?page=1&pageSize=2');
    const second = await listOf(mainToken, '?page=2&pageSize=2');
    expect(first.accesses.map((access) => access.firstAt)).toEqual([
      '2026-11-20T15:30:00.000Z',
      '2026-11-20T03:00:00.000Z',
    ]);
    expect(second.accesses.map((access) => access.firstAt)).toEqual(['2026-11-20T00:05:00.000Z']);
    expect(second.paging).toEqual({ page: 2, pageSize: 2, total: 3 });
  });

  it('refuses a page size above 50 with the field message', async () => {
    const response = await callAs(app, mainToken, '/v1/operatorAccesses?pageSize=51');
    expect(response.statusCode).toBe(400);
  });

  it('refuses a customer token with the user-id header (security.md 21)', async () => {
    const response = await callAs(app, mainToken, '/v1/operatorAccesses', {
      headers: { 'user-id': other.id },
    });
    expect(response.statusCode).toBe(403);
  });

  it('needs a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/operatorAccesses' });
    expect(response.statusCode).toBe(401);
  });

  it('lists a real act-as call of operator02 on the customer’s assets', async () => {
    const quietBefore = await listOf(quietToken);
    expect(quietBefore.paging.total).toBe(0);
    const assets = await callAs(app, operatorToken, '/v1/assets', { headers: { 'user-id': quiet.id } });
    expect(assets.statusCode).toBe(200);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.subjectCustomerId, quiet.id));
    expect(rows).toHaveLength(1);
    const answer = await listOf(quietToken);
    expect(answer.accesses).toEqual([
      expect.objectContaining({
        actor: 'コールセンター担当者',
        areas: ['assets'],
        firstAt: rows[0]!.occurredAt.toISOString(),
      }),
    ]);
  });
});
