import { accountTransferAccounts, auditLog, linkedCards } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  answerMfa,
  authorizationCode,
  authorizeRedirectUri,
  setCardServiceMaintenance,
} from '../../test/card-issuer-flow.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, send, TestClock } from '../../test/trading-fixtures.ts';

const startup = 120_000;
const creditCardPath = '/v1/cashflows/creditCard';
const tokenPath = '/v1/cashflows/saisonConnect/authorizationToken';
const pointPath = '/v1/cashflows/saisonConnect/point';
const bankPath = '/v1/cashflows/accountTransfer/account';

let database: TestDatabase;
let app: App;
const clock = new TestClock();
const ids = new Map<string, string>();
const tokens = new Map<string, string>();

const linker = '2300001';
const reRegistering = '2300002';
const other = '2300003';
const withBank = '2300004';

beforeAll(async () => {
  database = await createTestDatabase();
  for (const customer of [linker, reRegistering, other, withBank]) {
    ids.set(customer, await insertCustomer(database.db, customer, { bankAccount: false }));
  }
  await database.db.insert(linkedCards).values({
    customerId: ids.get(reRegistering)!,
    issuerSubject: 'old-subject',
    cardName: 'セゾンカードインターナショナル',
    last4: '9999',
    expiry: '2028-01',
    state: 'RE_REGISTRATION_REQUIRED',
    pointsEarning: true,
    linkedOn: '2024-05-01',
  });
  await database.db.insert(accountTransferAccounts).values({
    customerId: ids.get(withBank)!,
    bankCode: '0005',
    bankName: '三菱ＵＦＪ銀行',
    branchCode: '001',
    branchName: '本店',
    accountType: 'ORDINARY',
    accountNumber: '1234567',
    holderNameKana: 'シケン タロウ',
  });
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv, clock });
  for (const customer of ids.keys()) tokens.set(customer, await accessTokenOf(app, customer));
  clock.instant = jstInstant(2026, 11, 20, 10, 0);
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** Exchanges a fresh code of the simulator for the customer; answers the call's response. */
async function exchange(customer: string, card: 'points-card' | 'non-points-card' = 'points-card') {
  const code = await authorizationCode(app, card);
  return send(app, tokens.get(customer)!, 'POST', tokenPath, {
    body: { code, redirectUri: authorizeRedirectUri(app) },
  });
}

describe('card link: authorization code → issuer MFA → PUT creditCard', { timeout: startup }, () => {
  it('links a points card: GET creditCard 400-100 before; after MFA the card, ACTIVE, and the point balance', async () => {
    const before = await send(app, tokens.get(linker)!, 'GET', creditCardPath);
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ code: '400-100', message: 'クレジットカードが登録されていません。' });

    const exchanged = await exchange(linker);
    expect(exchanged.statusCode).toBe(200);
    const { onetimeToken, mfaRequired } = exchanged.json<{ onetimeToken: string; mfaRequired: boolean }>();
    expect(mfaRequired).toBe(true);
    expect((await answerMfa(app, onetimeToken, 'success')).statusCode).toBe(303);

    const put = await send(app, tokens.get(linker)!, 'PUT', creditCardPath, { body: { onetimeToken } });
    expect(put.statusCode).toBe(200);
    const linked = put.json<{ creditCard: Record<string, unknown> }>().creditCard;
    expect(linked).toMatchObject({
      cardName: 'セゾンカードインターナショナル',
      pointsEarning: true,
      state: 'ACTIVE',
      linkedOn: '2026-11-20',
    });
    expect(linked.last4).toMatch(/^[0-9]{4}$/);
    expect((await send(app, tokens.get(linker)!, 'GET', creditCardPath)).json()).toEqual(put.json());
    expect((await send(app, tokens.get(linker)!, 'GET', pointPath)).json()).toEqual({
      point: { balance: '0', asOf: '2026-11-20' },
    });
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectCustomerId, ids.get(linker)!), eq(auditLog.action, 'credit_card.linked')),
      );
    expect(audits).toHaveLength(1);
  });

  it('re-registers a card the issuer asked for again: the new card replaces it and points become usable (400-101 → balance)', async () => {
    expect((await send(app, tokens.get(reRegistering)!, 'GET', pointPath)).json()).toMatchObject({
      code: '400-101',
    });
    const { onetimeToken } = (await exchange(reRegistering)).json<{ onetimeToken: string }>();
    await answerMfa(app, onetimeToken, 'success');
    const put = await send(app, tokens.get(reRegistering)!, 'PUT', creditCardPath, {
      body: { onetimeToken },
    });
    expect(put.json<{ creditCard: { last4: string; state: string } }>().creditCard.state).toBe('ACTIVE');
    const rows = await database.db
      .select()
      .from(linkedCards)
      .where(eq(linkedCards.customerId, ids.get(reRegistering)!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.issuerSubject).not.toBe('old-subject');
    expect((await send(app, tokens.get(reRegistering)!, 'GET', pointPath)).statusCode).toBe(200);
  });

  it('links a card without points as NOT_POINTS_CARD: the point call then answers 400-102', async () => {
    const customer = other;
    const { onetimeToken } = (await exchange(customer, 'non-points-card')).json<{ onetimeToken: string }>();
    await answerMfa(app, onetimeToken, 'success');
    const put = await send(app, tokens.get(customer)!, 'PUT', creditCardPath, { body: { onetimeToken } });
    expect(put.json()).toMatchObject({ creditCard: { state: 'NOT_POINTS_CARD', pointsEarning: false } });
    expect((await send(app, tokens.get(customer)!, 'GET', pointPath)).json()).toMatchObject({
      code: '400-102',
    });
  });

  it('refuses a code the issuer does not know, or one used twice, with 400-110', async () => {
    const unknown = await send(app, tokens.get(linker)!, 'POST', tokenPath, {
      body: { code: 'forged-code', redirectUri: authorizeRedirectUri(app) },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: '400-110' });

    const code = await authorizationCode(app);
    const body = { code, redirectUri: authorizeRedirectUri(app) };
    expect((await send(app, tokens.get(linker)!, 'POST', tokenPath, { body })).statusCode).toBe(200);
    expect((await send(app, tokens.get(linker)!, 'POST', tokenPath, { body })).json()).toMatchObject({
      code: '400-110',
    });
  });

  it('refuses a redirect URI other than the app’s /saisonConnect with 400-110, without asking the issuer', async () => {
    const code = await authorizationCode(app);
    const response = await send(app, tokens.get(linker)!, 'POST', tokenPath, {
      body: { code, redirectUri: 'https://evil.example/saisonConnect' },
    });
    expect(response.json()).toMatchObject({ code: '400-110' });
  });

  it('refuses PUT creditCard with 400-111 when the MFA failed, was not done, or the token is another customer’s', async () => {
    const failed = (await exchange(linker)).json<{ onetimeToken: string }>().onetimeToken;
    await answerMfa(app, failed, 'fail');
    const afterFail = await send(app, tokens.get(linker)!, 'PUT', creditCardPath, {
      body: { onetimeToken: failed },
    });
    expect(afterFail.statusCode).toBe(400);
    expect(afterFail.json()).toMatchObject({ code: '400-111' });

    const notDone = (await exchange(linker)).json<{ onetimeToken: string }>().onetimeToken;
    expect(
      (
        await send(app, tokens.get(linker)!, 'PUT', creditCardPath, { body: { onetimeToken: notDone } })
      ).json(),
    ).toMatchObject({ code: '400-111' });

    const someoneElses = (await exchange(linker)).json<{ onetimeToken: string }>().onetimeToken;
    await answerMfa(app, someoneElses, 'success');
    const stolen = await send(app, tokens.get(other)!, 'PUT', creditCardPath, {
      body: { onetimeToken: someoneElses },
    });
    expect(stolen.json()).toMatchObject({ code: '400-111' });
  });

  it('answers 400-503 to both link calls while the card service is under maintenance', async () => {
    const code = await authorizationCode(app);
    const { onetimeToken } = (await exchange(linker)).json<{ onetimeToken: string }>();
    await answerMfa(app, onetimeToken, 'success');
    await setCardServiceMaintenance(app, true);
    try {
      const post = await send(app, tokens.get(linker)!, 'POST', tokenPath, {
        body: { code, redirectUri: authorizeRedirectUri(app) },
      });
      expect(post.json()).toMatchObject({ code: '400-503' });
      const put = await send(app, tokens.get(linker)!, 'PUT', creditCardPath, { body: { onetimeToken } });
      expect(put.json()).toMatchObject({ code: '400-503' });
    } finally {
      await setCardServiceMaintenance(app, false);
    }
    // the link waited: once the service is back, the same token finishes it
    const put = await send(app, tokens.get(linker)!, 'PUT', creditCardPath, { body: { onetimeToken } });
    expect(put.statusCode).toBe(200);
  });

  it('answers 400 to a body without code, and 401 without a token', async () => {
    expect((await send(app, tokens.get(linker)!, 'POST', tokenPath, { body: {} })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'PUT', url: creditCardPath, payload: { onetimeToken: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /v1/cashflows/accountTransfer/account (口座振替の口座)', { timeout: startup }, () => {
  it('answers the bank account with only the last 3 digits of its number', async () => {
    const response = await send(app, tokens.get(withBank)!, 'GET', bankPath);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      account: {
        bankCode: '0005',
        bankName: '三菱ＵＦＪ銀行',
        branchCode: '001',
        branchName: '本店',
        accountType: 'ORDINARY',
        accountNumberLast3: '567',
        holderNameKana: 'シケン タロウ',
      },
    });
    expect(response.body).not.toContain('1234567');
  });

  it('answers 400-666 when no account is registered', async () => {
    const response = await send(app, tokens.get(linker)!, 'GET', bankPath);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '400-666', message: '口座振替の口座が登録されていません。' });
  });
});
