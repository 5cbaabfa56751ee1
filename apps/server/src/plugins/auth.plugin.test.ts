import { randomUUID } from 'node:crypto';
import {
  auditLog,
  demoCustomers,
  demoOperators,
  operatorAssignments,
  operators,
  seedDemoData,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { requestIdHeader } from '../logging/logger-options.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../test/customer-session.ts';
import { signInOperator } from '../test/operator-session.ts';
import { buildTestApp } from '../test/test-app.ts';
import {
  actAsAction,
  actAsInsufficientScopeMessage,
  actAsInvalidHeaderMessage,
  actAsNotPermittedMessage,
  actAsRefusedAction,
  actAsRefusedMessage,
} from '../act-as/act-as.service.ts';

const startup = 60_000;
const main = demoCustomers.find((customer) => customer.accountNumber === '1000001')!;
const other = demoCustomers.find((customer) => customer.accountNumber === '1000006')!;
/** Serves branch 001, the branch of every demo customer. */
const operator02 = demoOperators.find((operator) => operator.loginId === 'operator02')!;
/** Serves branch 002 only: no demo customer. */
const operator01 = demoOperators.find((operator) => operator.loginId === 'operator01')!;

let database: TestDatabase;
let app: App;
let accessToken: string;
let operator02Token: string;
let operator01Token: string;
/** How often the handler of a probe route ran. */
let handled = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
  // a probe behind requireCustomer(): proves whether anything of a route runs after the guard
  app.get('/v1/test-probe', { onRequest: app.requireCustomer() }, async (request) => {
    handled += 1;
    return {
      customerId: request.customer?.customerId,
      accountNumber: request.customer?.accountNumber,
      actingOperator: request.customer?.actingOperator ?? undefined,
    };
  });
  app.put('/v1/test-write-probe', { onRequest: app.requireCustomer(['user.write']) }, async () => {
    handled += 1;
    return { written: true };
  });
  accessToken = (await signInCustomer(app, main.accountNumber)).access_token;
  operator02Token = (await signInOperator(app, operator02)).access_token;
  // operator01 has a temporary password: the helper chooses a new one on the way
  operator01Token = (await signInOperator(app, operator01)).access_token;
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

beforeEach(() => {
  handled = 0;
});

async function auditRows() {
  return database.db.select().from(auditLog).where(eq(auditLog.actorId, main.id));
}

describe('act-as header with a customer token (security.md 21)', { timeout: startup }, () => {
  it('answers the customer normally without the header, and audits nothing', async () => {
    const response = await callAs(app, accessToken, '/v1/test-probe');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customerId: main.id, accountNumber: main.accountNumber });
    expect(handled).toBe(1);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses with 403 403-000, runs nothing of the route and writes an audit entry naming both customers', async () => {
    const response = await callAs(app, accessToken, '/v1/test-probe', {
      headers: { 'user-id': other.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '403-000', message: actAsRefusedMessage });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(handled).toBe(0);

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorType: 'customer',
      actorId: main.id,
      subjectCustomerId: other.id,
      action: actAsRefusedAction,
      outcome: 'refused',
      requestId: String(response.headers[requestIdHeader]),
      details: { header: other.id, method: 'GET', path: '/v1/test-probe' },
    });
    expect(rows[0]?.ip).toBeTruthy();
  });

  it('refuses a real route the same way, and keeps a header that is no uuid out of the subject (cut to 64 characters)', async () => {
    const header = `1000006${'x'.repeat(100)}`;
    const response = await callAs(app, accessToken, '/v6/accountStatus', { headers: { 'user-id': header } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: '403-000' });
    const row = (await auditRows()).find((entry) => entry.details['path'] === '/v6/accountStatus');
    expect(row).toMatchObject({ subjectCustomerId: null, details: { header: header.slice(0, 64) } });
  });

  it('names the subject of a refused header given as 口座番号, in both forms (id and 口座番号)', async () => {
    const response = await callAs(app, accessToken, '/v1/test-probe', {
      headers: { 'user-id': other.accountNumber },
    });
    expect(response.statusCode).toBe(403);
    const row = (await auditRows()).find(
      (entry) => entry.requestId === String(response.headers[requestIdHeader]),
    );
    expect(row).toMatchObject({
      actorId: main.id,
      subjectCustomerId: other.id,
      outcome: 'refused',
      details: { header: other.accountNumber, subjectAccountNumber: other.accountNumber },
    });
  });

  it('refuses an empty header too', async () => {
    const before = (await auditRows()).length;
    const response = await callAs(app, accessToken, '/v1/test-probe', { headers: { 'user-id': '' } });
    expect(response.statusCode).toBe(403);
    expect(handled).toBe(0);
    expect(await auditRows()).toHaveLength(before + 1);
  });

  it('answers 401 to an invalid token with the header, without an audit entry (no known actor)', async () => {
    const before = await database.db.$count(auditLog);
    const response = await callAs(app, 'not-a-token', '/v1/test-probe', { headers: { 'user-id': other.id } });
    expect(response.statusCode).toBe(401);
    expect(handled).toBe(0);
    expect(await database.db.$count(auditLog)).toBe(before);
  });
});

async function operatorRows(operatorId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorType, 'operator'), eq(auditLog.actorId, operatorId)))
    .orderBy(auditLog.occurredAt);
}

/** The audit row of one request (its request id is in the answer's header). */
async function rowOf(response: { headers: Record<string, unknown> }) {
  const rows = await database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(response.headers[requestIdHeader])));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** A token signed with the app's own key: the claims of `base` with `changes` applied. */
async function resigned(base: string, changes: Record<string, unknown>): Promise<string> {
  const jwk = app.signingKeys.privateJwks.keys[0]!;
  const header = decodeProtectedHeader(base);
  const payload: Record<string, unknown> = { ...decodeJwt(base), ...changes };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: String(header.alg), typ: 'at+jwt', kid: String(header.kid) })
    .sign(await importJWK(jwk, String(header.alg)));
}

describe('act-as with an operator token (security.md 22)', { timeout: startup }, () => {
  it('admits operator02 for a customer of its branch on a real route, and audits actor and subject', async () => {
    const response = await callAs(app, operator02Token, '/v6/accounts', { headers: { 'user-id': main.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ account: { branchCode: '001', customerCode: main.accountNumber } });

    const row = await rowOf(response);
    expect(row).toMatchObject({
      actorType: 'operator',
      actorId: operator02.id,
      subjectCustomerId: main.id,
      action: actAsAction,
      outcome: 'allowed',
      details: { loginId: 'operator02', method: 'GET', path: '/v6/accounts', header: main.id },
    });
    expect(row.ip).toBeTruthy();
  });

  it('runs the route as the customer named by 口座番号, with the operator as actingOperator', async () => {
    const response = await callAs(app, operator02Token, '/v1/test-probe', {
      headers: { 'user-id': other.accountNumber },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      customerId: other.id,
      accountNumber: other.accountNumber,
      actingOperator: { operatorId: operator02.id, loginId: 'operator02' },
    });
    expect(handled).toBe(1);
    expect(await rowOf(response)).toMatchObject({
      actorId: operator02.id,
      subjectCustomerId: other.id,
      outcome: 'allowed',
      details: { header: other.accountNumber, path: '/v1/test-probe' },
    });
  });

  it('audits every call, not only the first', async () => {
    const before = (await operatorRows(operator02.id)).length;
    for (let call = 0; call < 3; call += 1) {
      const response = await callAs(app, operator02Token, '/v1/test-probe', {
        headers: { 'user-id': main.id },
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await operatorRows(operator02.id)).toHaveLength(before + 3);
  });

  it('refuses operator01 (branch 002) for a customer of branch 001 with 403, runs nothing, audits the refusal', async () => {
    const response = await callAs(app, operator01Token, '/v6/accounts', { headers: { 'user-id': main.id } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '403-000', message: actAsNotPermittedMessage });

    const probe = await callAs(app, operator01Token, '/v1/test-probe', { headers: { 'user-id': main.id } });
    expect(probe.statusCode).toBe(403);
    expect(handled).toBe(0);

    expect(await rowOf(response)).toMatchObject({
      actorType: 'operator',
      actorId: operator01.id,
      subjectCustomerId: main.id,
      action: actAsAction,
      outcome: 'refused',
      details: { loginId: 'operator01', method: 'GET', path: '/v6/accounts', reason: 'not_assigned' },
    });
  });

  it('admits operator01 once assigned to branch 001, and refuses again when the assignment ends', async () => {
    await database.db.insert(operatorAssignments).values({ operatorId: operator01.id, branchCode: '001' });
    try {
      const allowed = await callAs(app, operator01Token, '/v1/test-probe', {
        headers: { 'user-id': main.id },
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(await rowOf(allowed)).toMatchObject({ actorId: operator01.id, outcome: 'allowed' });
    } finally {
      await database.db
        .delete(operatorAssignments)
        .where(
          and(eq(operatorAssignments.operatorId, operator01.id), eq(operatorAssignments.branchCode, '001')),
        );
    }
    const refused = await callAs(app, operator01Token, '/v1/test-probe', { headers: { 'user-id': main.id } });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a locked operator even with a live token and an assignment', async () => {
    await database.db.update(operators).set({ lockedAt: new Date() }).where(eq(operators.id, operator02.id));
    try {
      const response = await callAs(app, operator02Token, '/v1/test-probe', {
        headers: { 'user-id': main.id },
      });
      expect(response.statusCode).toBe(403);
      expect(handled).toBe(0);
      expect(await rowOf(response)).toMatchObject({
        outcome: 'refused',
        details: { reason: 'operator_locked' },
      });
    } finally {
      await database.db.update(operators).set({ lockedAt: null }).where(eq(operators.id, operator02.id));
    }
  });

  it.each([
    ['an unknown customer id', randomUUID()],
    ['an unknown 口座番号', '1999999'],
  ])('refuses %s with the same 403 as a customer of another branch (no oracle)', async (_case, header) => {
    const response = await callAs(app, operator02Token, '/v1/test-probe', { headers: { 'user-id': header } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '403-000', message: actAsNotPermittedMessage });
    expect(handled).toBe(0);
    expect(await rowOf(response)).toMatchObject({
      actorId: operator02.id,
      subjectCustomerId: null,
      outcome: 'refused',
      details: { header, reason: 'unknown_customer' },
    });
  });

  it.each([
    ['a name', 'aoki'],
    ['six digits', '100000'],
    ['an empty value', ''],
    ['an injection attempt', "1000001' OR '1'='1"],
  ])('refuses a malformed header (%s) with 403', async (_case, header) => {
    const response = await callAs(app, operator02Token, '/v1/test-probe', { headers: { 'user-id': header } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '403-000', message: actAsInvalidHeaderMessage });
    expect(handled).toBe(0);
    expect(await rowOf(response)).toMatchObject({
      subjectCustomerId: null,
      outcome: 'refused',
      details: { reason: 'header_invalid' },
    });
  });

  it('answers an operator token without the header with 401 (a token for another audience), audited', async () => {
    const response = await callAs(app, operator02Token, '/v1/test-probe');
    expect(response.statusCode).toBe(401);
    expect(String(response.headers['www-authenticate'])).toContain('invalid_token');
    expect(handled).toBe(0);
    expect(await rowOf(response)).toMatchObject({
      actorType: 'operator',
      actorId: operator02.id,
      subjectCustomerId: null,
      action: actAsAction,
      outcome: 'refused',
      details: { header: null, reason: 'header_missing' },
    });
  });

  it('refuses a valid operator token without `act_as: customer`', async () => {
    const token = await resigned(operator02Token, { act_as: undefined });
    const response = await callAs(app, token, '/v1/test-probe', { headers: { 'user-id': main.id } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '403-000', message: actAsNotPermittedMessage });
    expect(handled).toBe(0);
    expect(await rowOf(response)).toMatchObject({
      outcome: 'refused',
      details: { reason: 'no_act_as_claim' },
    });
  });

  it.each([
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['of another audience', { aud: 'http://localhost:3000/api' }],
    ['without operator_id', { operator_id: undefined }],
    ['not marked as an operator', { operator: undefined }],
    ['without grant_id', { grant_id: undefined }],
    ['of a grant that does not exist (ended)', { grant_id: 'no-such-grant' }],
  ])(
    'answers an operator-issued token %s with 401 and audits nothing (no verified actor)',
    async (_case, changes) => {
      const token = await resigned(operator02Token, changes);
      const before = await database.db.$count(auditLog);
      const response = await callAs(app, token, '/v1/test-probe', { headers: { 'user-id': main.id } });
      expect(response.statusCode).toBe(401);
      expect(handled).toBe(0);
      expect(await database.db.$count(auditLog)).toBe(before);
    },
  );

  it('refuses writes: operator tokens carry no `user.write` (probe and a real route), audited as refused', async () => {
    const probe = await callAs(app, operator02Token, '/v1/test-write-probe', {
      method: 'PUT',
      headers: { 'user-id': main.id },
    });
    expect(probe.statusCode).toBe(403);
    expect(probe.json()).toEqual({ code: '403-000', message: actAsInsufficientScopeMessage });
    expect(String(probe.headers['www-authenticate'])).toContain('scope="user.write"');
    expect(handled).toBe(0);
    expect(await rowOf(probe)).toMatchObject({
      subjectCustomerId: main.id,
      outcome: 'refused',
      details: { method: 'PUT', path: '/v1/test-write-probe', reason: 'insufficient_scope' },
    });

    const real = await callAs(app, operator02Token, `/v1/informations/${randomUUID()}/read`, {
      method: 'PUT',
      headers: { 'user-id': main.id },
    });
    expect(real.statusCode).toBe(403);
    expect(await rowOf(real)).toMatchObject({
      outcome: 'refused',
      details: { path: '/v1/informations/:id/read', reason: 'insufficient_scope' },
    });
  });

  it('keeps the act-as rows append-only (security.md 28)', async () => {
    const before = await operatorRows(operator01.id);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of [
      sql`UPDATE audit_log SET outcome = 'allowed' WHERE actor_id = ${operator01.id}`,
      sql`DELETE FROM audit_log WHERE actor_id = ${operator01.id}`,
    ]) {
      const refusal: unknown = await database.db.execute(statement).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String((refusal as Error | undefined)?.cause)).toMatch(/append-only/);
    }
    expect(await operatorRows(operator01.id)).toEqual(before);
  });
});
