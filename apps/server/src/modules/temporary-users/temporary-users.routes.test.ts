import { temporaryUsers } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, send, TestClock } from '../../test/trading-fixtures.ts';
import { ageOn } from './temporary-users.routes.ts';

const startup = 120_000;
const path = '/v6/temporaryUsers/child/autoCompletion';

let database: TestDatabase;
let app: App;
const clock = new TestClock();
const tokens = new Map<string, string>();
let parentId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  parentId = await insertCustomer(database.db, '2400001');
  await insertCustomer(database.db, '2400002', { role: 'CORPORATION' });
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv, clock });
  for (const customer of ['2400001', '2400002']) tokens.set(customer, await accessTokenOf(app, customer));
  clock.instant = jstInstant(2026, 11, 20, 10, 0);
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('POST /v6/temporaryUsers/child/autoCompletion', { timeout: startup }, () => {
  it('creates the child’s temporary user with the parent’s family name and kana, and answers it', async () => {
    const response = await send(app, tokens.get('2400001')!, 'POST', path, {
      body: { firstName: '花子', firstNameKana: 'ハナコ', birthDate: '2015-04-01' },
    });
    expect(response.statusCode).toBe(200);
    const { temporaryUser } = response.json<{
      temporaryUser: Record<string, unknown> & { temporaryUserId: string };
    }>();
    expect(temporaryUser).toMatchObject({
      lastName: '試験',
      firstName: '花子',
      lastNameKana: 'シケン',
      firstNameKana: 'ハナコ',
      birthDate: '2015-04-01',
      guardian: { name: '試験 太郎', relationship: 'PARENT' },
    });
    const [row] = await database.db
      .select()
      .from(temporaryUsers)
      .where(eq(temporaryUsers.id, temporaryUser.temporaryUserId));
    expect(row).toMatchObject({ guardianCustomerId: parentId, email: 'customer-2400001@example.jp' });
  });

  it.each([
    ['18 today (no longer a minor)', '2008-11-20'],
    ['born after today', '2026-11-21'],
  ])('refuses a child who is %s with 400-000', async (_, birthDate) => {
    const response = await send(app, tokens.get('2400001')!, 'POST', path, {
      body: { firstName: '花子', firstNameKana: 'ハナコ', birthDate },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000' });
  });

  it('accepts a child who turns 18 tomorrow', async () => {
    const response = await send(app, tokens.get('2400001')!, 'POST', path, {
      body: { firstName: '花子', firstNameKana: 'ハナコ', birthDate: '2008-11-21' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a corporation with 403-000: only a parent’s own account may open a child’s', async () => {
    const response = await send(app, tokens.get('2400002')!, 'POST', path, {
      body: { firstName: '花子', firstNameKana: 'ハナコ', birthDate: '2015-04-01' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: '403-000' });
  });

  it('refuses kana that is not katakana with 400', async () => {
    const response = await send(app, tokens.get('2400001')!, 'POST', path, {
      body: { firstName: '花子', firstNameKana: 'はなこ', birthDate: '2015-04-01' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('ageOn (full years, JST dates)', () => {
  it.each([
    ['2008-11-20', '2026-11-20', 18],
    ['2008-11-21', '2026-11-20', 17],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
  ])('born %s, on %s: %s years old', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });
});
