import { auditLog, linkedCards, orders, pointsLedger } from '@fund/db';
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

const main = '1000001'; // ADULT, 3,000,000 yen deposited by the seed, every prospectus but DEMOF002 confirmed

function buy(body: Record<string, unknown>) {
  return { fundCode: 'DEMOF003', accountType: 'specific', orderType: 'AMOUNT', ...body };
}

describe('spot buys (POST /v1/orders/buy)', { timeout: kitStartup }, () => {
  it('buy by amount: units = ⌊amount × 10,000 ÷ NAV⌋, the three dates, cash moved to unsettled', async () => {
    // Wednesday 2026-02-04 10:00 JST, DEMOF003 (domestic: price lag 0, buy settlement lag 3)
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const nav = await kit.navOn('DEMOF003', '2026-02-04');
    const estimate = await kit.post(main, '/v1/orders/estimate', {
      side: 'BUY',
      ...buy({ amount: 100_000 }),
    });
    expect(estimate.statusCode).toBe(200);
    expect(estimate.json()).toMatchObject({
      estimated: true,
      pricePer10k: nav.toString(),
      units: ((100_000n * 10_000n) / nav).toString(), // floor: bigint division of positives
      amount: '100000',
      cashAmount: '100000',
      dates: {
        applicationDate: '2026-02-04',
        tradeDate: '2026-02-04', // 申込日 + 0
        settlementDate: '2026-02-09', // 約定日 + 3 business days: Thu 5, Fri 6, Mon 9
        cancelDeadline: '2026-02-04T06:00:00.000Z', // 15:00 JST
      },
    });

    const cashBefore = await kit.cash(main);
    const response = await kit.post(main, '/v1/orders/buy', buy({ amount: '100000' }));
    expect(response.statusCode).toBe(201);
    const { order } = response.json<{ order: Record<string, unknown> }>();
    expect(order).toMatchObject({
      status: 'ORDERED',
      channel: 'BUY',
      requestedAmount: '100000',
      heldAmount: '100000',
      applicationDate: '2026-02-04',
      tradeDate: '2026-02-04',
      settlementDate: '2026-02-09',
      cancelable: true,
    });
    expect(await kit.cash(main)).toBe(cashBefore - 100_000n);
    const audit = await kit.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.created'), eq(auditLog.actorId, kit.customerId(main))));
    expect(audit.some((row) => row.details['orderId'] === order['id'])).toBe(true);
  });

  it('an order after 15:00 on Friday 2026-01-09 before 成人の日 (Mon 01-12) gets Tuesday 01-13 as 申込日', async () => {
    kit.setNow(jstInstant(2026, 1, 9, 15, 30));
    const response = await kit.post(main, '/v1/orders/buy', buy({ amount: 10_000 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      order: {
        applicationDate: '2026-01-13',
        tradeDate: '2026-01-13',
        settlementDate: '2026-01-16', // Wed 14, Thu 15, Fri 16
        cancelDeadline: '2026-01-13T06:00:00.000Z',
      },
    });
  });

  it('a spot buy paid by credit card is refused with 400-201 and a Japanese message (spec §5)', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const response = await kit.post(
      main,
      '/v1/orders/buy',
      buy({ amount: 10_000, paymentMethod: 'CREDIT_CARD' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: '400-201',
      message: expect.stringContaining('クレジットカード'),
    });
  });

  it.each([
    [100n, 'below 200'],
    [250n, 'not a multiple of 100'],
  ])('points %s (%s) are refused with 400-202', async (points) => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    await kit.givePoints(main, 1_000n);
    const response = await kit.post(main, '/v1/orders/buy', buy({ amount: 10_000, points: Number(points) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-202' });
  });

  it('points reduce the cash debited: 1,000 pt = 4,500 yen of a 10,000-yen buy, 5,500 yen from cash', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    await kit.givePoints(main, 1_000n);
    const cashBefore = await kit.cash(main);
    const response = await kit.post(main, '/v1/orders/buy', buy({ amount: 10_000, points: 1_000 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      order: { requestedAmount: '10000', pointsUsed: '1000', pointsValue: '4500', heldAmount: '10000' },
    });
    expect(await kit.cash(main)).toBe(cashBefore - 5_500n);
    const id = response.json<{ order: { id: string } }>().order.id;
    const used = await kit.database.db.select().from(pointsLedger).where(eq(pointsLedger.orderId, id));
    expect(used.map((row) => [row.kind, row.points])).toEqual([['USED', -1_000n]]);
  });

  it('more points than the balance are refused with 400-203', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const response = await kit.post(main, '/v1/orders/buy', buy({ amount: 100_000, points: 10_000 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-203' });
  });

  it.each([
    ['the issuer asks for the card to be registered again', 'RE_REGISTRATION_REQUIRED', '2099-12', '400-101'],
    ['the card earns no points', 'NOT_POINTS_CARD', '2099-12', '400-102'],
    ['the card has expired', 'ACTIVE', '2025-12', '400-103'],
  ] as const)(
    'points are refused as the point call refuses them when %s (%s), and nothing is ordered',
    async (_, state, expiry, code) => {
      kit.setNow(jstInstant(2026, 2, 4, 10, 0));
      await kit.givePoints(main, 1_000n);
      const customerId = kit.customerId(main);
      await kit.database.db
        .update(linkedCards)
        .set({ state, expiry, pointsEarning: state !== 'NOT_POINTS_CARD' })
        .where(eq(linkedCards.customerId, customerId));
      try {
        const before = await kit.database.db.select().from(orders).where(eq(orders.customerId, customerId));
        const response = await kit.post(main, '/v1/orders/buy', buy({ amount: 10_000, points: 200 }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code });
        const after = await kit.database.db.select().from(orders).where(eq(orders.customerId, customerId));
        expect(after).toHaveLength(before.length);
      } finally {
        await kit.givePoints(main, 100n); // makes the card ACTIVE again for the tests after
      }
    },
  );

  it('points are refused with 400-100 for a customer without a linked card', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const response = await kit.post('1000003', '/v1/orders/buy', buy({ amount: 10_000, points: 200 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-100' });
  });

  it('an unconfirmed prospectus blocks the buy with 409-201 until the customer confirms it', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const detail = await kit.get(main, '/v1/funds/DEMOF002');
    expect(detail.json()).toMatchObject({ fund: { prospectus: { confirmed: false } } });
    const refused = await kit.post(main, '/v1/orders/buy', buy({ fundCode: 'DEMOF002', amount: 10_000 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: '409-201' });

    const confirm = await kit.post(main, '/v1/funds/DEMOF002/prospectusConfirmations', undefined);
    expect(confirm.statusCode).toBe(201);
    expect((await kit.get(main, '/v1/funds/DEMOF002')).json()).toMatchObject({
      fund: { prospectus: { confirmed: true } },
    });
    const accepted = await kit.post(main, '/v1/orders/buy', buy({ fundCode: 'DEMOF002', amount: 10_000 }));
    expect(accepted.statusCode).toBe(201);
  });

  it('a buy the cash balance cannot pay is refused with 400-205 and nothing is written', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const before = await kit.database.db.select().from(orders);
    const response = await kit.post(main, '/v1/orders/buy', buy({ amount: 999_999_999 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400-205' });
    expect(await kit.database.db.select().from(orders)).toHaveLength(before.length);
  });

  it('a QUANTITY buy holds ⌈units × NAV ÷ 10,000⌉ plus 10 %', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const nav = await kit.navOn('DEMOF003', '2026-02-04');
    const estimate = (10_000n * nav + 9_999n) / 10_000n;
    const held = (estimate * 110n + 99n) / 100n;
    const response = await kit.post(main, '/v1/orders/buy', buy({ orderType: 'QUANTITY', units: 10_000 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      order: { requestedUnits: '10000', requestedAmount: null, heldAmount: held.toString() },
    });
  });
});

describe('who may buy', { timeout: kitStartup }, () => {
  it('a locked customer gets 400-100; a junior NISA customer makes no new purchase (400-208)', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const locked = await kit.post('1000005', '/v1/orders/buy', buy({ amount: 10_000 }));
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ code: '400-100' });
    const junior = await kit.post('1000004', '/v1/orders/buy', buy({ amount: 10_000 }));
    expect(junior.json()).toMatchObject({ code: '400-208' });
  });

  it('an order without a token is refused (401)', async () => {
    const response = await kit.app.inject({
      method: 'POST',
      url: '/v1/orders/buy',
      headers: { host: 'localhost:3000', 'idempotency-key': 'no-token', 'content-type': 'application/json' },
      payload: JSON.stringify(buy({ amount: 10_000 })),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('NISA buys', { timeout: kitStartup }, () => {
  it('the growth annual limit refuses a buy beyond 2,400,000 yen (400-210), accepts 2,400,000 and holds it', async () => {
    const adult = main;
    await kit.deposit(adult, 3_000_000n);
    kit.setNow(jstInstant(2026, 2, 4, 10, 0)); // settles 2026-02-09
    const tooMuch = await kit.post(
      adult,
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 2_400_001 }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: '400-210' });

    const estimate = await kit.post(adult, '/v1/orders/estimate', {
      side: 'BUY',
      ...buy({ accountType: 'nisa2_growth', amount: 2_400_000 }),
    });
    expect(estimate.json()).toMatchObject({
      nisa: { bucket: 'growth', year: 2026, annualRoomAfter: '0', growthLifetimeRoomAfter: '9600000' },
    });
    const full = await kit.post(
      adult,
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 2_400_000 }),
    );
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({ order: { nisaBucket: 'growth', nisaAmount: '2400000' } });
    expect(await kit.nisaPurchased(adult, 2026, 'growth')).toBe(2_400_000n);
    const oneMore = await kit.post(
      adult,
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 1_000 }),
    );
    expect(oneMore.json()).toMatchObject({ code: '400-210' });
  });

  it('a December order settling next year uses next year’s limit', async () => {
    const adult = '1000009';
    await kit.deposit(adult, 3_000_000n);
    await kit.post(adult, '/v1/funds/DEMOF003/prospectusConfirmations', undefined);
    // Friday 2025-12-19: settles Wed 12-24 (22, 23, 24) in 2025 → uses the 2025 limit
    kit.setNow(jstInstant(2025, 12, 19, 10, 0));
    const in2025 = await kit.post(
      adult,
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 2_400_000 }),
    );
    expect(in2025.statusCode).toBe(201);
    expect(in2025.json()).toMatchObject({ order: { settlementDate: '2025-12-24' } });
    expect(await kit.nisaPurchased(adult, 2025, 'growth')).toBe(2_400_000n);
    const more2025 = await kit.post(
      adult,
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 10_000 }),
    );
    expect(more2025.json()).toMatchObject({ code: '400-210' });

    // Friday 2025-12-26: settles Mon 2026-01-05 (29, 30, then 12/31–1/3 closed, 1/5) → the 2026 limit
    kit.setNow(jstInstant(2025, 12, 26, 10, 0));
    const next = await kit.post(
      adult,
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 500_000 }),
    );
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ order: { settlementDate: '2026-01-05', nisaAmount: '500000' } });
    expect(await kit.nisaPurchased(adult, 2026, 'growth')).toBe(500_000n);
    expect(await kit.nisaPurchased(adult, 2025, 'growth')).toBe(2_400_000n);
  });

  it('a corporation cannot buy NISA (400-208), a child neither; つみたて投資枠 takes no spot buy', async () => {
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const corporation = await kit.post(
      '1000002',
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 10_000 }),
    );
    expect(corporation.statusCode).toBe(400);
    expect(corporation.json()).toMatchObject({ code: '400-208', message: expect.stringContaining('法人') });
    const child = await kit.post(
      '1000003',
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 10_000 }),
    );
    expect(child.json()).toMatchObject({ code: '400-208' });
    const tsumitate = await kit.post(
      main,
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_tsumitate', amount: 10_000 }),
    );
    expect(tsumitate.json()).toMatchObject({ code: '400-213' });
    // 1000008's NISA application is still under review: no NISA account yet
    const pending = await kit.post(
      '1000008',
      '/v1/orders/buy',
      buy({ accountType: 'nisa2_growth', amount: 10_000 }),
    );
    expect(pending.json()).toMatchObject({ code: '400-209' });
  });
});
