import type {
  InformationDetail,
  InformationReadAnswer,
  Informations,
  InformationSummary,
} from '@fund/contracts';
import {
  demoCustomers,
  informationReads,
  informations,
  mainDemoCustomerUnread,
  seedDemoData,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Clock } from '../../plugins/clock.plugin.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

// お知らせ API (spec §7) on a real database (PGlite, or PostgreSQL with DATABASE_URL) with real tokens.

const startup = 60_000;

/** Real time (the identity provider keeps it too) moved ahead by `offsetMs` when a test says so. */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

const clock = new ShiftedClock();
let database: TestDatabase;
let app: App;

function customerId(accountNumber: string): string {
  return demoCustomers.find((candidate) => candidate.accountNumber === accountNumber)!.id;
}

async function list(token: string, query = ''): Promise<Informations> {
  const response = await callAs(app, token, `/v1/informations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<Informations>();
}

async function unreadBadges(token: string): Promise<{ important: number; others: number }> {
  const count = async (url: string) =>
    (await callAs(app, token, url)).json<{ data: { informations: { unreadAll: number } } }>().data
      .informations.unreadAll;
  return {
    important: await count('/v1/badges/information'),
    others: await count('/v1/badges/informationOthers'),
  };
}

const markRead = (token: string, id: string) =>
  callAs(app, token, `/v1/informations/${id}/read`, { method: 'PUT' });

/** The seeded notices another customer (1000008) alone may see. */
async function otherCustomersNoticeId(): Promise<string> {
  const [row] = await database.db
    .select({ id: informations.id })
    .from(informations)
    .where(eq(informations.customerId, customerId('1000008')));
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    clock,
    env: manySignInsEnv,
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('GET /v1/informations', { timeout: startup }, () => {
  it('lists the main demo customer’s notices of a category, newest first, with read flags', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const important = await list(token, '?category=important');
    const others = await list(token, '?category=others');
    for (const page of [important, others]) {
      const times = page.informations.map((notice) => Date.parse(notice.publishedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(page.paging).toMatchObject({ page: 1, pageSize: 20, total: page.informations.length });
    }
    expect(important.informations.every((notice) => notice.category === 'important')).toBe(true);
    expect(others.informations.every((notice) => notice.category === 'others')).toBe(true);
    // the seeded unread counts are what the badges show
    const unread = (notices: InformationSummary[]) => notices.filter((notice) => !notice.read).length;
    expect(unread(important.informations)).toBe(mainDemoCustomerUnread.important);
    expect(unread(others.informations)).toBe(mainDemoCustomerUnread.others);
    expect(important.informations.map((notice) => notice.title)).toContain(
      '年末年始の営業日とお取引について',
    );
    // 1000008's own notice is not among them
    const foreign = await otherCustomersNoticeId();
    expect([...important.informations, ...others.informations].map((notice) => notice.id)).not.toContain(
      foreign,
    );
    // without a category: both, still newest first
    const all = await list(token);
    expect(all.paging.total).toBe(important.paging.total + others.paging.total);
  });

  it('pages without overlap', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const all = await list(token, '?pageSize=100');
    const first = await list(token, '?page=1&pageSize=3');
    const second = await list(token, '?page=2&pageSize=3');
    expect(first.paging).toEqual({ page: 1, pageSize: 3, total: all.paging.total });
    expect([...first.informations, ...second.informations].map((notice) => notice.id)).toEqual(
      all.informations.slice(0, 6).map((notice) => notice.id),
    );
    const beyond = await list(token, '?page=50&pageSize=3');
    expect(beyond.informations).toEqual([]);
  });

  it('refuses a bad query with 400 in the spec’s error body', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    for (const query of ['?category=all', '?page=0', '?pageSize=101', '?page=1.5', '?unknown=1']) {
      const response = await callAs(app, token, `/v1/informations${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.stringMatching(/^400-/) });
    }
  });

  it('shows a scheduled notice only once it is published, and a notice for this customer only to them', async () => {
    const token = (await signInCustomer(app, '1000003')).access_token;
    const before = await list(token, '?category=others');
    const now = clock.now().getTime();
    const [later] = await database.db
      .insert(informations)
      .values([
        {
          customerId: null,
          category: 'others',
          title: '予約掲載のお知らせ',
          body: '<p>本文</p>',
          publishedAt: new Date(now + 5 * 60_000),
        },
        {
          customerId: customerId('1000004'),
          category: 'others',
          title: '他のお客さま宛て',
          body: '<p>本文</p>',
          publishedAt: new Date(now - 60_000),
        },
      ])
      .returning({ id: informations.id });
    expect((await list(token, '?category=others')).paging.total).toBe(before.paging.total);
    expect((await callAs(app, token, `/v1/informations/${later!.id}`)).statusCode).toBe(404);
    expect((await markRead(token, later!.id)).statusCode).toBe(404);
    clock.offsetMs = 6 * 60_000; // the access token (10 min) is still valid
    try {
      const after = await list(token, '?category=others');
      expect(after.paging.total).toBe(before.paging.total + 1);
      expect(after.informations[0]).toMatchObject({ id: later!.id, read: false });
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/v1/informations', `/v1/informations/${await otherCustomersNoticeId()}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: '401-000' });
    }
  });
});

describe('GET /v1/informations/{id}', { timeout: startup }, () => {
  it('answers one notice with its body as authored', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const [first] = (await list(token, '?category=important')).informations;
    const response = await callAs(app, token, `/v1/informations/${first!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { information } = response.json<InformationDetail>();
    expect(information).toMatchObject(first!);
    expect(information.body).toMatch(/^<p>|^<div/);
  });

  it('answers 404 for another customer’s notice (security.md 23) or an unknown one, 400 for a malformed id', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const foreign = await callAs(app, token, `/v1/informations/${await otherCustomersNoticeId()}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: '404-000' });
    const unknown = await callAs(app, token, '/v1/informations/20000000-0000-4000-8000-0000000000ff');
    expect(unknown.statusCode).toBe(404);
    expect((await callAs(app, token, '/v1/informations/not-an-id')).statusCode).toBe(400);
  });
});

describe('PUT /v1/informations/{id}/read', { timeout: startup }, () => {
  it('marks an unread notice read once, lowers the badge count and answers the counts after it', async () => {
    const token = (await signInCustomer(app, '1000002')).access_token;
    const badgesBefore = await unreadBadges(token);
    const notice = (await list(token, '?category=important')).informations.find(
      (candidate) => !candidate.read,
    );
    expect(notice).toBeDefined();

    const first = await markRead(token, notice!.id);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<InformationReadAnswer>();
    expect(answer.information).toMatchObject({ id: notice!.id, read: true });
    expect(answer.unread).toEqual({ important: badgesBefore.important - 1, others: badgesBefore.others });
    expect(await unreadBadges(token)).toEqual(answer.unread);

    // idempotent: the same answer, the first read time kept, one row
    clock.offsetMs = 60_000;
    try {
      const second = await markRead(token, notice!.id);
      expect(second.statusCode).toBe(200);
      expect(second.json<InformationReadAnswer>()).toEqual(answer);
    } finally {
      clock.offsetMs = 0;
    }
    const rows = await database.db
      .select()
      .from(informationReads)
      .where(
        and(
          eq(informationReads.customerId, customerId('1000002')),
          eq(informationReads.informationId, notice!.id),
        ),
      );
    expect(rows).toHaveLength(1);
    const listed = (await list(token, '?category=important')).informations.find(
      (candidate) => candidate.id === notice!.id,
    );
    expect(listed?.read).toBe(true);
  });

  it('answers 404 for another customer’s notice and writes nothing', async () => {
    const token = (await signInCustomer(app, '1000001')).access_token;
    const foreign = await otherCustomersNoticeId();
    const response = await markRead(token, foreign);
    expect(response.statusCode).toBe(404);
    const rows = await database.db
      .select()
      .from(informationReads)
      .where(
        and(
          eq(informationReads.customerId, customerId('1000001')),
          eq(informationReads.informationId, foreign),
        ),
      );
    expect(rows).toEqual([]);
  });

  it('refuses a customer token with the act-as header (security.md 21) and writes nothing', async () => {
    const token = (await signInCustomer(app, '1000003')).access_token;
    const [notice] = (await list(token, '?category=important')).informations.filter(
      (candidate) => !candidate.read,
    );
    const response = await callAs(app, token, `/v1/informations/${notice!.id}/read`, {
      method: 'PUT',
      headers: { 'user-id': customerId('1000001') },
    });
    expect(response.statusCode).toBe(403);
    const after = (await list(token, '?category=important')).informations.find(
      (candidate) => candidate.id === notice!.id,
    );
    expect(after?.read).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/v1/informations/${await otherCustomersNoticeId()}/read`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the three calls with their response schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.paths['/v1/informations']?.['get']?.responses['200']).toBeDefined();
    expect(document.paths['/v1/informations/{id}']?.['get']?.responses['200']).toBeDefined();
    expect(document.paths['/v1/informations/{id}/read']?.['put']?.responses['200']).toBeDefined();
  });
});
