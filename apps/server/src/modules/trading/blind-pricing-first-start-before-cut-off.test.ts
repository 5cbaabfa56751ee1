// Issue 13, point 3 (domain.md §1 blind pricing, §2 cut-off): a server that starts (or whose NAV file was
// imported) in the morning holds today's NAV already. Before today's 15:00 cut-off no screen may publish
// it — fund list, fund detail, NAV series, assets, the order estimate — so an order placed now cannot be
// priced at a price its customer knew. From the cut-off on it is published.
import { jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingKit, kitStartup, type TradingKit } from './test/trading-test-kit.ts';

const main = '1000001';
const fund = 'DEMOF003';
// Tuesday 2026-11-10 (Monday 11-09 the business day before); the seeded NAVs include 11-10's
const today = '2026-11-10';
const yesterday = '2026-11-09';

let kit: TradingKit;

beforeAll(async () => {
  kit = await createTradingKit();
  await kit.giveHolding(main, 'specific', fund, 100_000n);
}, kitStartup);

afterAll(async () => {
  await kit?.close();
});

/** The NAV dates each call publishes at the kit's pinned time. */
async function publishedDates(): Promise<Record<string, unknown>> {
  const list = (await kit.get(main, '/v1/funds')).json<{ funds: { code: string; navDate: string }[] }>();
  const detail = (await kit.get(main, `/v1/funds/${fund}`)).json<{ fund: { navDate: string } }>();
  const navs = (await kit.get(main, `/v1/funds/${fund}/navs?from=2026-11-01&to=${today}`)).json<{
    navs: { date: string }[];
  }>();
  const assets = (await kit.get(main, '/v1/assets')).json<{
    holdings: { fund: { code: string }; navDate: string }[];
  }>();
  const estimate = await kit.post(main, '/v1/orders/estimate', {
    side: 'BUY',
    fundCode: fund,
    accountType: 'specific',
    orderType: 'AMOUNT',
    amount: '100000',
  });
  expect(estimate.statusCode, estimate.body).toBe(200);
  return {
    list: list.funds.find((row) => row.code === fund)?.navDate,
    newestInList: list.funds
      .map((row) => row.navDate)
      .sort()
      .at(-1),
    detail: detail.fund.navDate,
    navs: navs.navs.at(-1)?.date,
    assets: assets.holdings.find((row) => row.fund.code === fund)?.navDate,
    estimate: estimate.json<{ priceDate: string }>().priceDate,
  };
}

describe(
  "blind pricing: today's stored NAV is not published before today's cut-off",
  { timeout: kitStartup },
  () => {
    it('at 14:59 JST every call shows the NAV of 11-09, the day before', async () => {
      kit.setNow(jstInstant(2026, 11, 10, 14, 59));
      expect(await publishedDates()).toEqual({
        list: yesterday,
        newestInList: yesterday,
        detail: yesterday,
        navs: yesterday,
        assets: yesterday,
        estimate: yesterday,
      });
    });

    it("from 15:00 JST, today's cut-off, they show the NAV of 11-10", async () => {
      kit.setNow(jstInstant(2026, 11, 10, 15, 0));
      expect(await publishedDates()).toMatchObject({
        list: today,
        detail: today,
        navs: today,
        assets: today,
      });
    });
  },
);
