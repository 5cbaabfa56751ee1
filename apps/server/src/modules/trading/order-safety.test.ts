import { idempotencyRecords, orders } from '@fund/db';
import { jstInstant } from '@fund/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTradingKit, kitStartup, type TradingKit } from './test/trading-test-kit.ts';

let kit: TradingKit;

beforeAll(async () => {
  kit = await createTradingKit();
}, kitStartup);

afterEach(async () => {
  kit.setNow(null);
  await kit.expectLedgerConsistent();
});

afterAll(async () => {
  await kit?.close();
});

const main = '1000001';
const onPostgres = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';

const buyBody = { fundCode: 'DEMOF003', accountType: 'specific', orderType: 'AMOUNT', amount: 10_000 };

async function ordersOf(accountNumber: string) {
  return kit.database.db
    .select()
    .from(orders)
    .where(eq(orders.customerId, kit.customerId(accountNumber)));
}

describe('Idempotency-Key (security.md 25)', { timeout: kitStartup }, () => {
  it('is required on creating calls: missing or malformed → 400-200', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const missing = await kit.post(main, '/v1/orders/buy', buyBody, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: '400-200' });
    const tooLong = await kit.post(main, '/v1/orders/buy', buyBody, 'k'.repeat(101));
    expect(tooLong.json()).toMatchObject({ code: '400-200' });
    const confirm = await kit.post(main, '/v1/funds/DEMOF003/prospectusConfirmations', undefined, null);
    expect(confirm.json()).toMatchObject({ code: '400-200' });
  });

  it('replays: same key and body → the stored answer, one order', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const before = (await ordersOf(main)).length;
    const first = await kit.post(main, '/v1/orders/buy', buyBody, 'replay-key-1');
    const second = await kit.post(main, '/v1/orders/buy', buyBody, 'replay-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await ordersOf(main)).toHaveLength(before + 1);
  });

  it('mismatch: same key, other body → 422-201, no second order', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    await kit.post(main, '/v1/orders/buy', buyBody, 'mismatch-key-1');
    const before = (await ordersOf(main)).length;
    const other = await kit.post(main, '/v1/orders/buy', { ...buyBody, amount: 20_000 }, 'mismatch-key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: '422-201' });
    expect(await ordersOf(main)).toHaveLength(before);
  });

  it('a refused request leaves no key behind: the same key may be retried', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const refused = await kit.post(
      main,
      '/v1/orders/buy',
      { ...buyBody, paymentMethod: 'CREDIT_CARD' },
      'retry-1',
    );
    expect(refused.statusCode).toBe(400);
    const stored = await kit.database.db
      .select()
      .from(idempotencyRecords)
      .where(
        and(eq(idempotencyRecords.customerId, kit.customerId(main)), eq(idempotencyRecords.key, 'retry-1')),
      );
    expect(stored).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'concurrent requests with one key: one order, the others wait for it and replay its answer',
    async () => {
      kit.setNow(jstInstant(2026, 2, 4, 10, 0));
      const before = (await ordersOf(main)).length;
      await kit.token(main);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => kit.post(main, '/v1/orders/buy', buyBody, 'concurrent-key-1')),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const [first] = answers;
      for (const answer of answers) expect(answer.json()).toEqual(first!.json());
      expect(await ordersOf(main)).toHaveLength(before + 1);
    },
  );
});

describe('bad input never yields a 500 (security.md 27)', { timeout: kitStartup }, () => {
  it.each([
    ['a float number', 1000.5],
    ['a float string', '1000.5'],
    ['an exponent string', '1e6'],
    ['a negative number', -1000],
    ['a negative string', '-1000'],
    ['zero', 0],
    ['beyond 1,000,000,000 yen', 1_000_000_001],
    ['an unsafe number', 2 ** 60],
    ['a huge string', '9'.repeat(40)],
    ['a leading zero', '01000'],
    ['a boolean', true],
  ])('amount as %s → 400 in the error body', async (_name, amount) => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const response = await kit.post(main, '/v1/orders/buy', { ...buyBody, amount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-000', message: expect.any(String) });
  });

  it('units beyond 10^15 and a float unit count → 400', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    for (const units of ['1000000000000001', 1.5, '1e3']) {
      const response = await kit.post(main, '/v1/orders/sell', {
        fundCode: 'DEMOF003',
        accountType: 'specific',
        orderType: 'QUANTITY',
        units,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('an exponent written as a JSON number that is a whole number is just that number (1e4 = 10000)', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const response = await kit.post(
      main,
      '/v1/orders/buy',
      '{"fundCode":"DEMOF003","accountType":"specific","orderType":"AMOUNT","amount":1e4}',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ order: { requestedAmount: '10000' } });
  });

  it('malformed JSON, unknown fields, unknown fund, bad order id → 4xx, never 500', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    expect((await kit.post(main, '/v1/orders/buy', '{"amount":')).statusCode).toBe(400);
    expect((await kit.post(main, '/v1/orders/buy', { ...buyBody, extra: 1 })).statusCode).toBe(400);
    expect((await kit.post(main, '/v1/orders/buy', { ...buyBody, fundCode: 'NOSUCH00' })).statusCode).toBe(
      400,
    );
    expect((await kit.get(main, '/v1/orders/not-a-uuid')).statusCode).toBe(404);
    expect((await kit.get(main, '/v1/orders?page=0')).statusCode).toBe(400);
    expect((await kit.get(main, '/v1/funds/DEMOF003/navs?from=2010-01-01&to=2026-01-01')).statusCode).toBe(
      400,
    );
  });
});

describe('concurrency (security.md 26)', { timeout: kitStartup }, () => {
  it.skipIf(!onPostgres)(
    'with 100 units held, 20 concurrent sells of 10 units → exactly 10 accepted, units never below zero',
    async () => {
      const customer = '1000009';
      await kit.giveHolding(customer, 'specific', 'DEMOF004', 100n);
      await kit.token(customer);
      kit.setNow(jstInstant(2026, 2, 4, 10, 0));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          kit.post(customer, '/v1/orders/sell', {
            fundCode: 'DEMOF004',
            accountType: 'specific',
            orderType: 'QUANTITY',
            units: 10,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 400)).toHaveLength(10);
      for (const answer of answers.filter((candidate) => candidate.statusCode === 400)) {
        expect(answer.json()).toMatchObject({ code: '400-206' });
      }
      expect(await kit.holding(customer, 'specific', 'DEMOF004')).toEqual({
        units: 100n,
        reservedUnits: 100n,
      });
    },
  );

  it.skipIf(!onPostgres)('concurrent buys never take the cash balance below zero', async () => {
    const customer = '1000003'; // 300,000 yen deposited by the seed
    await kit.post(customer, '/v1/funds/DEMOF003/prospectusConfirmations', undefined);
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const cash = await kit.cash(customer);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        kit.post(customer, '/v1/orders/buy', { ...buyBody, amount: (cash / 4n).toString() }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(4);
    // the six others are refused as the balance CHECK refuses them, whichever read the balance first
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: '400-205' });
    }
    expect(await kit.cash(customer)).toBe(cash - (cash / 4n) * 4n);
  });

  it('concurrent buys of several customers share statements; one customer’s overdraft refuses only that customer’s extra buys', async () => {
    const funded = main;
    const short = '1000009';
    await kit.deposit(funded, 1_000_000n);
    await kit.deposit(short, 100_000n);
    for (const customer of [funded, short]) {
      await kit.post(customer, '/v1/funds/DEMOF003/prospectusConfirmations', undefined);
    }
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const fundedCash = await kit.cash(funded);
    const shortCash = await kit.cash(short);
    const shortAmount = (shortCash * 2n) / 3n; // one fits, two do not
    const shortOrders = (await ordersOf(short)).length;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => kit.post(funded, '/v1/orders/buy', buyBody)),
      ...Array.from({ length: 3 }, () =>
        kit.post(short, '/v1/orders/buy', { ...buyBody, amount: shortAmount.toString() }),
      ),
    ]);
    const fundedAnswers = answers.slice(0, 8);
    const shortAnswers = answers.slice(8);
    expect(fundedAnswers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(fundedAnswers.map((answer) => answer.json().order.id)).size).toBe(8);
    expect(shortAnswers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const answer of shortAnswers.filter((candidate) => candidate.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: '400-205' });
    }
    expect(await kit.cash(funded)).toBe(fundedCash - 8n * 10_000n);
    expect(await kit.cash(short)).toBe(shortCash - shortAmount);
    expect(await ordersOf(short)).toHaveLength(shortOrders + 1);
  });

  it.skipIf(!onPostgres)(
    'concurrent NISA buys never exceed the annual limit: five buys of which two fit the 成長投資枠 room → 2 accepted',
    async () => {
      await kit.deposit(main, 5_000_000n);
      kit.setNow(jstInstant(2026, 2, 4, 10, 0)); // settles in 2026
      const room = 2_400_000n - (await kit.nisaPurchased(main, 2026, 'growth'));
      expect(room).toBeGreaterThanOrEqual(100_000n);
      const amount = (room / 2n / 1_000n) * 1_000n; // 2 × amount ≤ room < 3 × amount
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          kit.post(main, '/v1/orders/buy', {
            ...buyBody,
            accountType: 'nisa2_growth',
            amount: amount.toString(),
          }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
      for (const answer of answers.filter((candidate) => candidate.statusCode !== 201)) {
        expect(answer.json()).toMatchObject({ code: '400-210' });
      }
      expect(await kit.nisaPurchased(main, 2026, 'growth')).toBe(2_400_000n - room + 2n * amount);
    },
  );
});
