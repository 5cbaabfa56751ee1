import { pointsLedger } from '@fund/db';
import { jstInstant } from '@fund/domain';
import { eq } from 'drizzle-orm';
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

interface OrderBody {
  order: { id: string; reservedUnits: string; status: string; cancelable: boolean };
}

describe('sells (POST /v1/orders/sell)', { timeout: kitStartup }, () => {
  it('an amount sell reserves ⌈amount × 10,000 ÷ 解約価額⌉ units (DEMOF002, 0.1 % retention fee)', async () => {
    await kit.giveHolding(main, 'specific', 'DEMOF002', 1_000_000n);
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const nav = await kit.navOn('DEMOF002', '2026-02-04');
    const fee = (nav * 10n + 9_999n) / 10_000n; // ⌈NAV × 10 bp⌉
    const price = nav - fee; // 解約価額
    const units = (5_000n * 10_000n + price - 1n) / price; // ceil
    const estimate = await kit.post(main, '/v1/orders/estimate', {
      side: 'SELL',
      fundCode: 'DEMOF002',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: 5_000,
    });
    expect(estimate.statusCode).toBe(200);
    // specific account: tax withheld on the gain over 個別元本 10,000 (cost ⌈units × 10,000 ÷ 10,000⌉ = units)
    const proceeds = (units * price) / 10_000n;
    const gain = proceeds - units > 0n ? proceeds - units : 0n;
    const tax = (gain * 15_315n) / 100_000n + (gain * 5n) / 100n; // 15.315 % and 5 %, each floored
    expect(estimate.json()).toMatchObject({
      pricePer10k: price.toString(),
      units: units.toString(),
      amount: proceeds.toString(),
      estimatedTax: tax.toString(),
      estimatedNetProceeds: (proceeds - tax).toString(),
    });
    const response = await kit.post(main, '/v1/orders/sell', {
      fundCode: 'DEMOF002',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: 5_000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<OrderBody>().order.reservedUnits).toBe(units.toString());
    expect(await kit.holding(main, 'specific', 'DEMOF002')).toEqual({
      units: 1_000_000n,
      reservedUnits: units,
    });
  });

  it('sell ALL reserves every free unit; a further sell finds none (400-206)', async () => {
    await kit.giveHolding(main, 'general', 'DEMOF003', 30_000n);
    kit.setNow(jstInstant(2026, 2, 4, 10, 0));
    const all = await kit.post(main, '/v1/orders/sell', {
      fundCode: 'DEMOF003',
      accountType: 'general',
      orderType: 'ALL',
    });
    expect(all.statusCode).toBe(201);
    expect(all.json<OrderBody>().order.reservedUnits).toBe('30000');
    const again = await kit.post(main, '/v1/orders/sell', {
      fundCode: 'DEMOF003',
      accountType: 'general',
      orderType: 'QUANTITY',
      units: 1,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: '400-206' });
  });
});

describe('cancel (POST /v1/orders/{id}/cancel)', { timeout: kitStartup }, () => {
  it('before the cut-off restores the cash, the points and the NISA hold', async () => {
    kit.setNow(jstInstant(2026, 2, 5, 9, 0));
    await kit.givePoints(main, 200n);
    const cashBefore = await kit.cash(main);
    const placed = await kit.post(main, '/v1/orders/buy', {
      fundCode: 'DEMOF003',
      accountType: 'nisa2_growth',
      orderType: 'AMOUNT',
      amount: 50_000,
      points: 200,
    });
    expect(placed.statusCode).toBe(201);
    expect(await kit.cash(main)).toBe(cashBefore - 49_100n); // 50,000 − 900
    expect(await kit.nisaPurchased(main, 2026, 'growth')).toBe(50_000n);
    const id = placed.json<OrderBody>().order.id;

    kit.setNow(jstInstant(2026, 2, 5, 14, 59));
    const canceled = await kit.post(main, `/v1/orders/${id}/cancel`, undefined);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json<OrderBody>().order).toMatchObject({
      status: 'CANCELED',
      cancelable: false,
      heldAmount: '0',
    });
    // the detail and the list say the same: a cancelled order holds nothing
    expect((await kit.get(main, `/v1/orders/${id}`)).json<OrderBody>().order).toMatchObject({
      heldAmount: '0',
    });
    expect(await kit.cash(main)).toBe(cashBefore);
    expect(await kit.unsettled(main)).toBe(0n);
    expect(await kit.nisaPurchased(main, 2026, 'growth')).toBe(0n);
    const points = await kit.database.db.select().from(pointsLedger).where(eq(pointsLedger.orderId, id));
    expect(points.map((row) => [row.kind, row.points])).toEqual(
      expect.arrayContaining([
        ['USED', -200n],
        ['RETURNED', 200n],
      ]),
    );
  });

  it('before the cut-off releases a sell’s reserved units', async () => {
    await kit.giveHolding(main, 'specific', 'DEMOF003', 10_000n);
    kit.setNow(jstInstant(2026, 2, 5, 9, 0));
    const placed = await kit.post(main, '/v1/orders/sell', {
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'QUANTITY',
      units: '4000',
    });
    expect(placed.statusCode).toBe(201);
    expect(await kit.holding(main, 'specific', 'DEMOF003')).toEqual({
      units: 10_000n,
      reservedUnits: 4_000n,
    });
    const canceled = await kit.post(
      main,
      `/v1/orders/${placed.json<OrderBody>().order.id}/cancel`,
      undefined,
    );
    expect(canceled.statusCode).toBe(200);
    expect(await kit.holding(main, 'specific', 'DEMOF003')).toEqual({ units: 10_000n, reservedUnits: 0n });
  });

  it('refuses an estimate naming amount and units together with 400', async () => {
    const both = await kit.post(main, '/v1/orders/estimate', {
      side: 'BUY',
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: '10000',
      units: '10000',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ code: '400-000' });
    const sell = await kit.post(main, '/v1/orders/estimate', {
      side: 'SELL',
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'QUANTITY',
      amount: '10000',
      units: '10000',
    });
    expect(sell.statusCode).toBe(400);
  });

  it('after the cut-off of its 申込日 is refused with 409-202', async () => {
    kit.setNow(jstInstant(2026, 2, 5, 9, 0));
    const placed = await kit.post(main, '/v1/orders/buy', {
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: 10_000,
    });
    kit.setNow(jstInstant(2026, 2, 5, 15, 0)); // the cut-off is exclusive
    const refused = await kit.post(main, `/v1/orders/${placed.json<OrderBody>().order.id}/cancel`, undefined);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: '409-202' });
  });

  it('another customer’s order is 404 for detail and cancel, and absent from the list', async () => {
    kit.setNow(jstInstant(2026, 2, 5, 9, 30)); // later than the orders above
    const placed = await kit.post(main, '/v1/orders/buy', {
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: 10_000,
    });
    const id = placed.json<OrderBody>().order.id;
    expect((await kit.get(main, `/v1/orders/${id}`)).statusCode).toBe(200);
    const other = await kit.get('1000009', `/v1/orders/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: '404-000' });
    expect((await kit.post('1000009', `/v1/orders/${id}/cancel`, undefined)).statusCode).toBe(404);
    const list = await kit.get('1000009', '/v1/orders');
    expect(list.json<{ orders: { id: string }[] }>().orders.map((order) => order.id)).not.toContain(id);
    const own = await kit.get(main, '/v1/orders?status=ORDERED');
    expect(own.json<{ orders: { id: string }[] }>().orders[0]?.id).toBe(id); // newest first
  });
});
