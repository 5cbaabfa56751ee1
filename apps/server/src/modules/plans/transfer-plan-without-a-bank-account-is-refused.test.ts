import { linkedCards, monthlyDeposits, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

const startup = 60_000;

/**
 * Issue 25, the audit's first finding: 1000009 has no bank account for 口座振替 (400-666), yet
 * `POST /v1/recurringPurchases` of a 5,000-yen DEMOF004 口座振替 積立 answered 201, while the card version is
 * refused (400-226). A 口座振替 積立, a switch to 口座振替 and a 毎月の入金 now need the bank account: 400-227
 * (decision 035).
 */
describe(
  'a 口座振替 積立 or 毎月の入金 without a bank account is refused up front',
  { timeout: startup },
  () => {
    let database: TestDatabase;
    let app: App;
    let token: string;
    let customerId: string;
    const clock = new TestClock();
    const customer = '1000009';

    beforeAll(async () => {
      database = await createTestDatabase();
      await insertFund(database.db, { code: 'DEMOF004' });
      customerId = await insertCustomer(database.db, customer, { bankAccount: false });
      await database.db.insert(linkedCards).values({
        customerId,
        issuerSubject: `subject-${customer}`,
        cardName: 'セゾンカードインターナショナル',
        last4: '1234',
        expiry: '2030-12',
        state: 'ACTIVE',
        pointsEarning: true,
        linkedOn: '2026-01-05',
      });
      app = await buildTestApp({
        database: { ...database, close: async () => {} },
        env: manySignInsEnv,
        clock,
      });
      token = await accessTokenOf(app, customer);
      clock.instant = jstInstant(2026, 12, 1, 10);
    }, startup);

    afterAll(async () => {
      await app?.close();
      await database?.drop();
    });

    it('the customer has no bank account for 口座振替', async () => {
      const account = await send(app, token, 'GET', '/v1/cashflows/accountTransfer/account');
      expect(account.statusCode).toBe(400);
      expect(account.json()).toMatchObject({ code: '400-666' });
    });

    it('refuses the audit’s 5,000-yen DEMOF004 口座振替 積立 with 400-227 and saves nothing', async () => {
      const refused = await send(app, token, 'POST', '/v1/recurringPurchases', {
        body: {
          fundCode: 'DEMOF004',
          accountType: 'specific',
          amount: '5000',
          paymentMethod: 'ACCOUNT_TRANSFER',
        },
        idempotencyKey: 'bank-missing-create',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: '400-227',
        message:
          '口座振替の金融機関口座が登録されていないため、口座振替での積立は設定できません。マイページから口座振替のお申込み方法をご確認ください。',
      });
      expect(
        await database.db
          .select()
          .from(recurringPurchases)
          .where(eq(recurringPurchases.customerId, customerId)),
      ).toEqual([]);
    });

    it('accepts the card version, and refuses switching it to 口座振替 with 400-227', async () => {
      const card = await send(app, token, 'POST', '/v1/recurringPurchases', {
        body: { fundCode: 'DEMOF004', accountType: 'specific', amount: '5000', paymentMethod: 'CREDIT_CARD' },
        idempotencyKey: 'bank-missing-card',
      });
      expect(card.statusCode).toBe(201);
      const toTransfer = await send(
        app,
        token,
        'PUT',
        `/v1/recurringPurchases/${card.json<{ id: string }>().id}`,
        { body: { paymentMethod: 'ACCOUNT_TRANSFER' } },
      );
      expect(toTransfer.statusCode).toBe(400);
      expect(toTransfer.json()).toMatchObject({ code: '400-227' });
      // a change that keeps the card goes through
      const amount = await send(
        app,
        token,
        'PUT',
        `/v1/recurringPurchases/${card.json<{ id: string }>().id}`,
        { body: { amount: '6000' } },
      );
      expect(amount.statusCode).toBe(200);
    });

    it('refuses a 毎月の入金 with 400-227 and saves nothing', async () => {
      const refused = await send(app, token, 'PUT', '/v1/monthlyDeposit', {
        body: { amount: 30000, day: 10 },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: '400-227',
        message:
          '口座振替の金融機関口座が登録されていないため、毎月の入金は設定できません。マイページから口座振替のお申込み方法をご確認ください。',
      });
      expect(
        await database.db.select().from(monthlyDeposits).where(eq(monthlyDeposits.customerId, customerId)),
      ).toEqual([]);
    });
  },
);
