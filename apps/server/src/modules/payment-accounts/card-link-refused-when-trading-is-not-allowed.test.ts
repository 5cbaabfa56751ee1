import { customers, linkedCards, pendingCardLinks } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { answerMfa, authorizationCode, authorizeRedirectUri } from '../../test/card-issuer-flow.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, send, TestClock } from '../../test/trading-fixtures.ts';

// Issue 25: a locked or a closed customer linked a card through /saisonConnect (「カードを登録しました」) and
// GET creditCard then answered 200 ACTIVE for the closed account. A card on file pays for 積立 and spot
// buys, so only a customer who may trade links one: both steps of the link answer the account state's
// code (400-100 locked, 400-216 closed, 400-215 not opened), and no card is saved.
const startup = 120_000;
const creditCardPath = '/v1/cashflows/creditCard';
const tokenPath = '/v1/cashflows/saisonConnect/authorizationToken';

let database: TestDatabase;
let app: App;
const clock = new TestClock();
const tokens = new Map<string, string>();
const ids = new Map<string, string>();

const locked = '2300001';
const closed = '2300002';
const notOpened = '2300003';

const cases = [
  ['a locked account', locked, '400-100', 'お取引が制限されています', { locked: true }],
  ['a closed account (CLOSE)', closed, '400-216', '口座が閉鎖されている', { equityStatus: 'CLOSE' }],
  [
    'an account not opened yet (NONE)',
    notOpened,
    '400-215',
    '口座開設のお手続きが完了していない',
    { equityStatus: 'NONE' },
  ],
] as const;

async function setStanding(accountNumber: string, standing: (typeof cases)[number][4]): Promise<void> {
  await database.db.update(customers).set(standing).where(eq(customers.accountNumber, accountNumber));
}

async function exchange(accountNumber: string) {
  const code = await authorizationCode(app, 'points-card');
  return send(app, tokens.get(accountNumber)!, 'POST', tokenPath, {
    body: { code, redirectUri: authorizeRedirectUri(app) },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const accountNumber of [locked, closed, notOpened]) {
    ids.set(accountNumber, await insertCustomer(database.db, accountNumber));
  }
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv, clock });
  for (const accountNumber of ids.keys()) tokens.set(accountNumber, await accessTokenOf(app, accountNumber));
  clock.instant = jstInstant(2026, 11, 20, 10, 0);
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('a customer who may not trade links no card', { timeout: startup }, () => {
  it.each(cases)(
    'a link started while open cannot finish once it is %s: PUT creditCard answers the code, no card',
    async (_what, accountNumber, code, text, standing) => {
      const exchanged = await exchange(accountNumber);
      expect(exchanged.statusCode).toBe(200);
      const { onetimeToken } = exchanged.json<{ onetimeToken: string }>();
      expect((await answerMfa(app, onetimeToken, 'success')).statusCode).toBe(303);

      await setStanding(accountNumber, standing);
      const put = await send(app, tokens.get(accountNumber)!, 'PUT', creditCardPath, {
        body: { onetimeToken },
      });
      expect(put.statusCode).toBe(400);
      expect(put.json<{ code: string }>().code).toBe(code);
      expect(put.json<{ message: string }>().message).toContain(text);

      const saved = await database.db
        .select()
        .from(linkedCards)
        .where(eq(linkedCards.customerId, ids.get(accountNumber)!));
      expect(saved).toEqual([]);
      const card = await send(app, tokens.get(accountNumber)!, 'GET', creditCardPath);
      expect(card.statusCode).toBe(400);
      expect(card.json()).toEqual({ code: '400-100', message: 'クレジットカードが登録されていません。' });
    },
  );

  it.each(cases)(
    'for %s the authorization code is not exchanged: the code of the account state, no new link pending',
    async (_what, accountNumber, code, text, standing) => {
      await setStanding(accountNumber, standing);
      const pending = () =>
        database.db
          .select()
          .from(pendingCardLinks)
          .where(eq(pendingCardLinks.customerId, ids.get(accountNumber)!));
      const before = await pending();
      const exchanged = await exchange(accountNumber);
      expect(exchanged.statusCode).toBe(400);
      expect(exchanged.json<{ code: string }>().code).toBe(code);
      expect(exchanged.json<{ message: string }>().message).toContain(text);
      expect(await pending()).toEqual(before);
    },
  );
});
