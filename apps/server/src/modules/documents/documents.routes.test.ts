import type {
  DeliveredDocumentDetail,
  DeliveredDocumentReadAnswer,
  DeliveredDocuments,
} from '@fund/contracts';
import { deliveredDocumentReads, demoCustomers, demoOperators, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate } from '@fund/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  closedCustomerDocuments,
  demoHistoryDocuments,
  issueDemoPeriodicDocuments,
} from '../../demo/demo-documents.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { signInOperator } from '../../test/operator-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

// 電子交付書面 of the product API (issue 13 point 7) on a real database with real tokens.

const startup = 60_000;
let database: TestDatabase;
let app: App;
const tokens = new Map<string, string>();

async function tokenOf(accountNumber: string): Promise<string> {
  let token = tokens.get(accountNumber);
  if (token === undefined) {
    token = (await signInCustomer(app, accountNumber)).access_token;
    tokens.set(accountNumber, token);
  }
  return token;
}

async function listOf(accountNumber: string): Promise<DeliveredDocuments> {
  const response = await callAs(app, await tokenOf(accountNumber), '/v1/documents');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<DeliveredDocuments>();
}

function customerId(accountNumber: string): string {
  return demoCustomers.find((candidate) => candidate.accountNumber === accountNumber)!.id;
}

async function markRead(accountNumber: string, id: string) {
  return callAs(app, await tokenOf(accountNumber), `/v1/documents/${id}/read`, { method: 'PUT' });
}

async function readRowsOf(documentId: string) {
  return database.db
    .select()
    .from(deliveredDocumentReads)
    .where(eq(deliveredDocumentReads.documentId, documentId));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  // the main (1000001) and the closed (1000006) customer's periodic reports, from their (empty) data
  await database.db.transaction((tx) =>
    issueDemoPeriodicDocuments(tx, isoDate('2026-11-22'), [
      ...demoHistoryDocuments,
      ...closedCustomerDocuments,
    ]),
  );
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('GET /v1/documents and /v1/documents/{id}', { timeout: startup }, () => {
  it('lists the customer’s own documents, newest first, and opens one with its body as issued', async () => {
    const { documents } = await listOf('1000001');
    expect(
      documents.map(({ kind, title, issuedOn, orderId }) => ({ kind, title, issuedOn, orderId })),
    ).toEqual([
      {
        kind: 'BALANCE_REPORT',
        title: '取引残高報告書（2026年9月30日現在）',
        issuedOn: '2026-10-09',
        orderId: null,
      },
      {
        kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
        title: '特定口座年間取引報告書（2025年分）',
        issuedOn: '2026-01-20',
        orderId: null,
      },
    ]);
    const response = await callAs(app, await tokenOf('1000001'), `/v1/documents/${documents[1]!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { document } = response.json<DeliveredDocumentDetail>();
    expect(document).toMatchObject({ id: documents[1]!.id, kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT' });
    expect(document.body).toContain('<th scope="row">お客さま</th><td>青木 健太 様</td>');
    expect(document.body).toContain('2025年中に受渡の行われた譲渡はありません。');
  });

  it('refuses another customer’s document as not found (404-000, Japanese), never its body', async () => {
    const { documents } = await listOf('1000006');
    const foreign = documents[0]!.id;
    const response = await callAs(app, await tokenOf('1000001'), `/v1/documents/${foreign}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: '404-000', message: 'ご指定の書面が見つかりません。' });
    expect(response.body).not.toContain('上田');
    // and it is not in the other customer's list either
    expect((await listOf('1000001')).documents.map((document) => document.id)).not.toContain(foreign);
  });

  it('answers 401 without a token and 400 for an id that is not one', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/documents' })).statusCode).toBe(401);
    const response = await callAs(app, await tokenOf('1000001'), '/v1/documents/not-an-id');
    expect(response.statusCode).toBe(400);
  });

  it('issues the demo reports once, however often a start repeats the call', async () => {
    const before = (await listOf('1000006')).documents;
    const issued = await database.db.transaction((tx) =>
      issueDemoPeriodicDocuments(tx, isoDate('2026-11-22'), closedCustomerDocuments),
    );
    expect(issued).toBe(0);
    expect((await listOf('1000006')).documents).toEqual(before);
  });

  it('lists nothing for a customer with no document', async () => {
    expect(await listOf('1000009')).toEqual({ documents: [] });
  });
});

describe('PUT /v1/documents/{id}/read', { timeout: startup }, () => {
  it('lists a document unread until the customer marks it read, then read, with the first read time kept', async () => {
    const [document] = (await listOf('1000001')).documents;
    expect(document?.read).toBe(false);

    const first = await markRead('1000001', document!.id);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<DeliveredDocumentReadAnswer>();
    expect(answer.document).toMatchObject({ id: document!.id, read: true });
    expect((await listOf('1000001')).documents.find((listed) => listed.id === document!.id)?.read).toBe(true);
    const detail = await callAs(app, await tokenOf('1000001'), `/v1/documents/${document!.id}`);
    expect(detail.json<DeliveredDocumentDetail>().document.read).toBe(true);

    // idempotent: the same answer (the first read time), one row
    const second = await markRead('1000001', document!.id);
    expect(second.statusCode).toBe(200);
    expect(second.json<DeliveredDocumentReadAnswer>()).toEqual(answer);
    expect(await readRowsOf(document!.id)).toHaveLength(1);
  });

  it('answers 404-000 for another customer’s document and for an unknown id, and writes nothing', async () => {
    const foreign = (await listOf('1000006')).documents[0]!.id;
    for (const id of [foreign, randomUUID()]) {
      const response = await markRead('1000001', id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: '404-000', message: 'ご指定の書面が見つかりません。' });
    }
    expect(await readRowsOf(foreign)).toEqual([]);
    expect((await listOf('1000006')).documents[0]!.read).toBe(false);
  });

  it('refuses an operator acting for the customer (no user.write): the operator may list, not mark read', async () => {
    const operator02 = demoOperators.find((operator) => operator.loginId === 'operator02')!;
    const operatorToken = (await signInOperator(app, operator02)).access_token;
    const acting = { headers: { 'user-id': customerId('1000001') } };
    const listed = await callAs(app, operatorToken, '/v1/documents', acting);
    expect(listed.statusCode, listed.body).toBe(200);
    const unread = listed.json<DeliveredDocuments>().documents.find((document) => !document.read);
    expect(unread).toBeDefined();

    const response = await callAs(app, operatorToken, `/v1/documents/${unread!.id}/read`, {
      ...acting,
      method: 'PUT',
    });
    expect(response.statusCode).toBe(403);
    expect(await readRowsOf(unread!.id)).toEqual([]);
    expect((await listOf('1000001')).documents.find((document) => document.id === unread!.id)?.read).toBe(
      false,
    );
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'PUT', url: `/v1/documents/${randomUUID()}/read` });
    expect(response.statusCode).toBe(401);
  });

  it('is in the OpenAPI document with its answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/v1/documents/{id}/read']?.['put']?.responses['200']).toBeDefined();
  });
});
