import { auditLog, holdings, linkedCards, recurringPurchases } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund, send, TestClock } from '../../test/trading-fixtures.ts';

const startup = 60_000;

let database: TestDatabase;
let app: App;
const clock = new TestClock();
const ids = new Map<string, string>();
const tokens = new Map<string, string>();
let fundId: string;
let keyCounter = 0;

const adult = '2100001';
const other = '2100002';
const corporation = '2100003';
const child = '2100004';
const cardCustomer = '2100005';
const racer = '2100006';
const cardless = '2100007';
const expiredCard = '2100008';

/** A linked card (decision 018): card 積立 is charged to it. */
async function linkCard(accountNumber: string, expiry = '2030-12') {
  await database.db.insert(linkedCards).values({
    customerId: ids.get(accountNumber)!,
    issuerSubject: `subject-${accountNumber}`,
    cardName: 'セゾンカードインターナショナル',
    last4: '1234',
    expiry,
    state: 'ACTIVE',
    pointsEarning: true,
    linkedOn: '2026-01-05',
  });
}

function token(accountNumber: string): string {
  return tokens.get(accountNumber)!;
}

function newKey(): string {
  keyCounter += 1;
  return `plans-test-key-${keyCounter}`;
}

function plan(body: Record<string, unknown>) {
  return { fundCode: 'PLANF001', accountType: 'specific', paymentMethod: 'ACCOUNT_TRANSFER', ...body };
}

async function createPlan(accountNumber: string, body: Record<string, unknown>) {
  return send(app, token(accountNumber), 'POST', '/v1/recurringPurchases', {
    body: plan(body),
    idempotencyKey: newKey(),
  });
}

/** What the monthly batch does once a pending create applies: the plan is then simply in force. */
async function applyPendingCreate(id: string) {
  await database.db
    .update(recurringPurchases)
    .set({ batchFlag: null, batchAppliesFrom: null })
    .where(eq(recurringPurchases.id, id));
}

beforeAll(async () => {
  database = await createTestDatabase();
  fundId = await insertFund(database.db, { code: 'PLANF001' });
  await insertFund(database.db, { code: 'PLANF002', tsumitateEligible: false, retentionFeeBasisPoints: 0 });
  await insertFund(database.db, { code: 'PLANF003' });
  await insertFund(database.db, { code: 'PLANF004' });
  ids.set(adult, await insertCustomer(database.db, adult));
  ids.set(other, await insertCustomer(database.db, other));
  ids.set(
    corporation,
    await insertCustomer(database.db, corporation, {
      role: 'CORPORATION',
      birthDate: null,
      accounts: ['general'],
    }),
  );
  ids.set(child, await insertCustomer(database.db, child, { role: 'CHILD', birthDate: '2012-07-03' }));
  ids.set(cardCustomer, await insertCustomer(database.db, cardCustomer));
  ids.set(racer, await insertCustomer(database.db, racer));
  ids.set(cardless, await insertCustomer(database.db, cardless));
  ids.set(expiredCard, await insertCustomer(database.db, expiredCard));
  for (const accountNumber of [other, cardCustomer, racer]) await linkCard(accountNumber);
  await linkCard(expiredCard, '2026-09');
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv },
    clock,
  });
  for (const accountNumber of [
    adult,
    other,
    corporation,
    child,
    cardCustomer,
    racer,
    cardless,
    expiredCard,
  ]) {
    tokens.set(accountNumber, await accessTokenOf(app, accountNumber));
  }
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('recurring purchases (積立): amount rules of @fund/domain', { timeout: startup }, () => {
  it.each([
    ['4999', '5,000円以上'],
    ['5500', '1,000円単位'],
  ])('refuses a monthly amount of %s yen with 400-220 (%s)', async (amount, message) => {
    const response = await createPlan(adult, { amount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-220' });
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a bonus below 5,000 yen with its own code 400-221', async () => {
    const response = await createPlan(adult, { amount: '10000', bonus: { months: [6], amount: '4000' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-221' });
    expect(response.json<{ message: string }>().message).toContain('ボーナス月の増額分');
  });

  it('refuses three bonus months with 400', async () => {
    const response = await createPlan(adult, {
      amount: '10000',
      bonus: { months: [6, 12, 3], amount: '20000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000' });
  });

  it('refuses points on a plan with 400: points are never used for recurring purchases (spec §5)', async () => {
    const response = await createPlan(adult, { amount: '10000', points: 200 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000' });
  });

  it.each([
    ['a JSON fraction', 10000.5],
    ['a float', '10000.5'],
    ['an exponent', '1e4'],
    ['a negative amount', '-10000'],
    ['zero', '0'],
    ['a leading zero', '010000'],
    ['an amount beyond the limit', '100001000'],
    ['a number beyond 2^53', '90071992547409930000'],
  ])('refuses %s as the amount with 400, never 500', async (_what, amount) => {
    const response = await createPlan(adult, { amount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000', message: expect.any(String) });
  });

  it('takes the amount as a JSON number as the order calls do (one money schema for requests)', async () => {
    const response = await createPlan(other, { fundCode: 'PLANF002', amount: 12000 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ amount: '12000' });
    const cancel = await send(
      app,
      token(other),
      'POST',
      `/v1/recurringPurchases/${response.json<{ id: string }>().id}/cancel`,
    );
    expect(cancel.statusCode).toBe(200);
    const deposit = await send(app, token(other), 'PUT', '/v1/monthlyDeposit', {
      body: { amount: 30000, day: 10 },
    });
    expect(deposit.json()).toMatchObject({ monthlyDeposit: { amount: '30000' } });
    expect((await send(app, token(other), 'DELETE', '/v1/monthlyDeposit')).statusCode).toBe(200);
  });

  it('needs an Idempotency-Key', async () => {
    const response = await send(app, token(adult), 'POST', '/v1/recurringPurchases', {
      body: plan({ amount: '10000' }),
    });
    expect(response.statusCode).toBe(400);
  });

  it('creates a plan of 5,000 yen with bonus months: pending create from this month (before the 15th)', async () => {
    clock.instant = jstInstant(2026, 11, 5, 10);
    const response = await createPlan(adult, {
      amount: '5000',
      bonus: { months: [6, 12], amount: '50000' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      fund: { code: 'PLANF001' },
      accountType: 'specific',
      amount: '5000',
      bonus: { months: [6, 12], amount: '50000' },
      paymentMethod: 'ACCOUNT_TRANSFER',
      status: 'ACTIVE',
      startMonth: '2026-11',
      pendingChange: { batchFlag: 'create', appliesFrom: '2026-11', terms: null },
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, ids.get(adult)!), eq(auditLog.action, 'recurring_purchase.create')));
    expect(audit).toHaveLength(1);
  });

  it('same Idempotency-Key and body: one plan, the same answer; another body: 422', async () => {
    clock.instant = jstInstant(2026, 11, 20, 10);
    const key = newKey();
    const body = plan({ fundCode: 'PLANF003', amount: '7000' });
    const first = await send(app, token(adult), 'POST', '/v1/recurringPurchases', {
      body,
      idempotencyKey: key,
    });
    const second = await send(app, token(adult), 'POST', '/v1/recurringPurchases', {
      body,
      idempotencyKey: key,
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ startMonth: '2026-12' }); // after the 15th: next month
    const other = await send(app, token(adult), 'POST', '/v1/recurringPurchases', {
      body: { ...body, amount: '8000' },
      idempotencyKey: key,
    });
    expect(other.statusCode).toBe(422);
  });

  it('refuses a second live plan of the same fund and account with 409-204', async () => {
    const response = await createPlan(adult, { fundCode: 'PLANF003', amount: '9000' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: '409-204' });
  });

  it('NISA: つみたて投資枠 only for eligible funds (400-213); a child or a corporation cannot buy outside their accounts (400-208)', async () => {
    const notEligible = await createPlan(adult, {
      fundCode: 'PLANF002',
      accountType: 'nisa2_tsumitate',
      amount: '10000',
    });
    expect(notEligible.statusCode).toBe(400);
    expect(notEligible.json()).toMatchObject({ code: '400-213' });
    expect(notEligible.json<{ message: string }>().message).toContain('つみたて投資枠');
    const eligible = await createPlan(adult, {
      fundCode: 'PLANF001',
      accountType: 'nisa2_tsumitate',
      amount: '10000',
    });
    expect(eligible.statusCode).toBe(201);
    const childNisa = await createPlan(child, { accountType: 'nisa2_growth', amount: '10000' });
    expect(childNisa.statusCode).toBe(400);
    expect(childNisa.json()).toMatchObject({ code: '400-208' });
    const corporationSpecific = await createPlan(corporation, { amount: '10000' });
    expect(corporationSpecific.statusCode).toBe(400);
    expect(corporationSpecific.json()).toMatchObject({ code: '400-208' });
    expect(corporationSpecific.json<{ message: string }>().message).toContain('一般口座');
  });
});

describe(
  'recurring purchases: credit card limit and payment switches (spec §9)',
  { timeout: startup },
  () => {
    it.each([
      [cardless, 'no linked card', 'クレジットカードが登録されていない'],
      [expiredCard, 'a card past its 有効期限', '有効期限が切れている'],
    ])(
      'refuses a card 積立 for %s (%s) with 400-226, and a switch to the card too',
      async (customer, _, message) => {
        clock.instant = jstInstant(2026, 11, 5, 10);
        const refused = await createPlan(customer, { amount: '10000', paymentMethod: 'CREDIT_CARD' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code: '400-226' });
        expect(refused.json<{ message: string }>().message).toContain(message);

        const transfer = await createPlan(customer, { amount: '10000' });
        expect(transfer.statusCode).toBe(201);
        const toCard = await send(
          app,
          token(customer),
          'PUT',
          `/v1/recurringPurchases/${transfer.json<{ id: string }>().id}`,
          { body: { paymentMethod: 'CREDIT_CARD' } },
        );
        expect(toCard.statusCode).toBe(400);
        expect(toCard.json()).toMatchObject({ code: '400-226' });
      },
    );

    it('refuses card plans over 100,000 yen a month across plans, bonus months included', async () => {
      clock.instant = jstInstant(2026, 11, 5, 10);
      const first = await createPlan(cardCustomer, { amount: '60000', paymentMethod: 'CREDIT_CARD' });
      expect(first.statusCode).toBe(201);
      // 60,000 + 41,000 = 101,000 > 100,000
      const over = await createPlan(cardCustomer, {
        fundCode: 'PLANF003',
        amount: '41000',
        paymentMethod: 'CREDIT_CARD',
      });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ code: '400-222' });
      expect(over.json<{ message: string }>().message).toContain('10万円');
      // 60,000 + 40,000 = 100,000: allowed
      const exactly = await createPlan(cardCustomer, {
        fundCode: 'PLANF003',
        amount: '40000',
        paymentMethod: 'CREDIT_CARD',
      });
      expect(exactly.statusCode).toBe(201);
      // a June bonus of 5,000 makes June 105,000
      const bonus = await send(
        app,
        token(cardCustomer),
        'PUT',
        `/v1/recurringPurchases/${exactly.json<{ id: string }>().id}`,
        {
          body: { bonus: { months: [6], amount: '5000' } },
        },
      );
      expect(bonus.statusCode).toBe(400);
      // the same plan by account transfer is not limited
      const transfer = await createPlan(cardCustomer, { fundCode: 'PLANF004', amount: '200000' });
      expect(transfer.statusCode).toBe(201);
      const toCard = await send(
        app,
        token(cardCustomer),
        'PUT',
        `/v1/recurringPurchases/${transfer.json<{ id: string }>().id}`,
        {
          body: { paymentMethod: 'CREDIT_CARD' },
        },
      );
      expect(toCard.statusCode).toBe(400);
    });

    it('switch to card on the 12th applies this month; on the 16th next month', async () => {
      clock.instant = jstInstant(2026, 10, 1, 10);
      const a = await createPlan(other, { amount: '10000' });
      const b = await createPlan(other, { fundCode: 'PLANF003', amount: '10000' });
      const aId = a.json<{ id: string }>().id;
      const bId = b.json<{ id: string }>().id;
      await applyPendingCreate(aId);
      await applyPendingCreate(bId);

      clock.instant = jstInstant(2026, 11, 12, 14);
      const on12th = await send(app, token(other), 'PUT', `/v1/recurringPurchases/${aId}`, {
        body: { paymentMethod: 'CREDIT_CARD' },
      });
      expect(on12th.statusCode).toBe(200);
      expect(on12th.json()).toMatchObject({
        paymentMethod: 'ACCOUNT_TRANSFER', // in force until the batch applies the change
        pendingChange: {
          batchFlag: 'update',
          appliesFrom: '2026-11',
          terms: { amount: '10000', bonus: null, paymentMethod: 'CREDIT_CARD' },
        },
      });

      clock.instant = jstInstant(2026, 11, 16, 9);
      const on16th = await send(app, token(other), 'PUT', `/v1/recurringPurchases/${bId}`, {
        body: { paymentMethod: 'CREDIT_CARD' },
      });
      expect(on16th.statusCode).toBe(200);
      expect(on16th.json()).toMatchObject({ pendingChange: { batchFlag: 'update', appliesFrom: '2026-12' } });

      // an amount change after the cut-over (the 15th) applies next month too
      const [stored] = await database.db
        .select()
        .from(recurringPurchases)
        .where(eq(recurringPurchases.id, bId));
      expect(stored).toMatchObject({
        batchFlag: 'update',
        batchAppliesFrom: '2026-12-01',
        pendingPaymentMethod: 'CREDIT_CARD',
      });
    });

    it('two concurrent card plans that together pass 100,000 yen: exactly one is accepted', async () => {
      clock.instant = jstInstant(2026, 11, 5, 10);
      const responses = await Promise.all(
        ['PLANF001', 'PLANF003', 'PLANF004'].map((fundCode) =>
          createPlan(racer, { fundCode, amount: '60000', paymentMethod: 'CREDIT_CARD' }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
    });

    it('a change to a plan not started yet changes the plan itself; going back to the terms in force clears the change', async () => {
      clock.instant = jstInstant(2026, 11, 3, 10);
      const created = await createPlan(racer, { fundCode: 'PLANF002', amount: '10000' });
      const id = created.json<{ id: string }>().id;
      const changed = await send(app, token(racer), 'PUT', `/v1/recurringPurchases/${id}`, {
        body: { amount: '12000' },
      });
      expect(changed.json()).toMatchObject({
        amount: '12000',
        startMonth: '2026-11',
        pendingChange: { batchFlag: 'create', appliesFrom: '2026-11' },
      });
      await applyPendingCreate(id);
      const pending = await send(app, token(racer), 'PUT', `/v1/recurringPurchases/${id}`, {
        body: { amount: '13000', bonus: { months: [7], amount: '5000' } },
      });
      expect(pending.json()).toMatchObject({
        amount: '12000',
        bonus: null,
        pendingChange: {
          batchFlag: 'update',
          appliesFrom: '2026-11',
          terms: { amount: '13000', bonus: { months: [7], amount: '5000' } },
        },
      });
      const back = await send(app, token(racer), 'PUT', `/v1/recurringPurchases/${id}`, {
        body: { amount: '12000', bonus: null },
      });
      expect(back.json()).toMatchObject({ amount: '12000', pendingChange: null });
    });

    it('suspend, resume and cancel follow the status table; an illegal move is 409', async () => {
      clock.instant = jstInstant(2026, 11, 20, 10);
      const created = await createPlan(other, { fundCode: 'PLANF004', amount: '15000' });
      const id = created.json<{ id: string }>().id;
      const move = (action: string) =>
        send(app, token(other), 'POST', `/v1/recurringPurchases/${id}/${action}`);

      const noMove = await move('resume'); // ACTIVE → ACTIVE is no move
      expect(noMove.statusCode).toBe(409);
      expect(noMove.json()).toMatchObject({ code: '409-205' });
      const suspended = await move('suspend');
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json()).toMatchObject({ status: 'SUSPENDED' });
      expect((await move('suspend')).statusCode).toBe(409);
      expect((await move('resume')).json()).toMatchObject({ status: 'ACTIVE' });
      const canceled = await move('cancel');
      expect(canceled.json()).toMatchObject({
        status: 'CANCELED',
        pendingChange: { batchFlag: 'cancel', appliesFrom: '2026-12', terms: null },
      });
      expect((await move('resume')).statusCode).toBe(409);
      expect((await move('cancel')).statusCode).toBe(409);
      const change = await send(app, token(other), 'PUT', `/v1/recurringPurchases/${id}`, {
        body: { amount: '20000' },
      });
      expect(change.statusCode).toBe(409);
      const actions = (
        await database.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(eq(auditLog.actorId, ids.get(other)!))
      ).map((row) => row.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'recurring_purchase.suspend',
          'recurring_purchase.resume',
          'recurring_purchase.cancel',
          'recurring_purchase.update',
        ]),
      );
    });

    it('another customer’s plan is 404 and not listed', async () => {
      const list = await send(app, token(adult), 'GET', '/v1/recurringPurchases');
      const mine = list.json<{ recurringPurchases: { id: string }[] }>().recurringPurchases;
      expect(mine.length).toBeGreaterThan(0);
      const id = mine[0]!.id;
      expect(
        (await send(app, token(other), 'PUT', `/v1/recurringPurchases/${id}`, { body: { amount: '6000' } }))
          .statusCode,
      ).toBe(404);
      expect((await send(app, token(other), 'POST', `/v1/recurringPurchases/${id}/suspend`)).statusCode).toBe(
        404,
      );
      const otherList = await send(app, token(other), 'GET', '/v1/recurringPurchases');
      expect(
        otherList.json<{ recurringPurchases: { id: string }[] }>().recurringPurchases.map((p) => p.id),
      ).not.toContain(id);
      expect(
        (await send(app, token(other), 'POST', '/v1/recurringPurchases/not-a-uuid/suspend')).statusCode,
      ).toBe(400);
    });
  },
);

describe('scheduled sells (定期売却)', { timeout: startup }, () => {
  it('refuses a scheduled sell for a corporation', async () => {
    const response = await send(app, token(corporation), 'POST', '/v1/scheduledSells', {
      body: { fundCode: 'PLANF001', type: 'AMOUNT', value: '10000', frequency: 'MONTHLY' },
      idempotencyKey: newKey(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-223' });
    expect(response.json<{ message: string }>().message).toContain('法人');
  });

  it('needs the fund held in the specific account; RATE is 1-100 %', async () => {
    const sell = (body: Record<string, unknown>) =>
      send(app, token(adult), 'POST', '/v1/scheduledSells', {
        body: { fundCode: 'PLANF001', frequency: 'MONTHLY', ...body },
        idempotencyKey: newKey(),
      });
    const notHeld = await sell({ type: 'AMOUNT', value: '10000' });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json()).toMatchObject({ code: '400-225' });
    await database.db.insert(holdings).values({
      customerId: ids.get(adult)!,
      accountType: 'specific',
      fundId,
      units: 100_000n,
      bookValue: 100_000n,
      costBasisPer10k: 10_000n,
    });
    const overRate = await sell({ type: 'RATE', value: '101' });
    expect(overRate.statusCode).toBe(400);
    expect(overRate.json()).toMatchObject({ code: '400-224' });
    expect((await sell({ type: 'RATE', value: '1.5' })).statusCode).toBe(400);
    const created = await sell({ type: 'RATE', value: '100', frequency: 'ODD_MONTHLY' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      fund: { code: 'PLANF001' },
      accountType: 'specific',
      type: 'RATE',
      value: '100',
      frequency: 'ODD_MONTHLY',
      status: 'ACTIVE',
    });
    expect((await sell({ type: 'AMOUNT', value: '10000' })).statusCode).toBe(409);
    const id = created.json<{ id: string }>().id;

    const changed = await send(app, token(adult), 'PUT', `/v1/scheduledSells/${id}`, {
      body: { type: 'QUANTITY', value: '5000', frequency: 'MONTHLY' },
    });
    expect(changed.json()).toMatchObject({ type: 'QUANTITY', value: '5000', frequency: 'MONTHLY' });
    const move = (action: string, as = adult) =>
      send(app, token(as), 'POST', `/v1/scheduledSells/${id}/${action}`);
    expect((await move('suspend', other)).statusCode).toBe(404);
    expect((await move('suspend')).json()).toMatchObject({ status: 'SUSPENDED' });
    expect((await move('resume')).json()).toMatchObject({ status: 'ACTIVE' });
    expect((await move('cancel')).json()).toMatchObject({ status: 'CANCELED' });
    expect((await move('resume')).statusCode).toBe(409);
    const list = await send(app, token(adult), 'GET', '/v1/scheduledSells');
    expect(list.json<{ scheduledSells: unknown[] }>().scheduledSells).toHaveLength(1);
    expect((await send(app, token(other), 'GET', '/v1/scheduledSells')).json()).toEqual({
      scheduledSells: [],
    });
  });
});

describe('monthly deposit (毎月の入金)', { timeout: startup }, () => {
  it('sets, changes and stops the monthly deposit', async () => {
    expect((await send(app, token(adult), 'GET', '/v1/monthlyDeposit')).json()).toEqual({
      monthlyDeposit: null,
    });
    const set = await send(app, token(adult), 'PUT', '/v1/monthlyDeposit', {
      body: { amount: '30000', day: 27 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ monthlyDeposit: { amount: '30000', day: 27, status: 'ACTIVE' } });
    const changed = await send(app, token(adult), 'PUT', '/v1/monthlyDeposit', {
      body: { amount: '50000', day: 10 },
    });
    expect(changed.json()).toMatchObject({
      monthlyDeposit: {
        id: set.json<{ monthlyDeposit: { id: string } }>().monthlyDeposit.id,
        amount: '50000',
        day: 10,
      },
    });
    expect((await send(app, token(other), 'GET', '/v1/monthlyDeposit')).json()).toEqual({
      monthlyDeposit: null,
    });
    expect((await send(app, token(adult), 'DELETE', '/v1/monthlyDeposit')).json()).toEqual({
      monthlyDeposit: null,
    });
    expect((await send(app, token(adult), 'DELETE', '/v1/monthlyDeposit')).statusCode).toBe(404);
  });

  it.each([
    [{ amount: '30000', day: 29 }],
    [{ amount: '30000.5', day: 10 }],
    [{ amount: '-1', day: 10 }],
    [{ amount: '30000', day: 10, points: 100 }],
  ])('refuses %j with 400', async (body) => {
    const response = await send(app, token(adult), 'PUT', '/v1/monthlyDeposit', { body });
    expect(response.statusCode).toBe(400);
  });
});
