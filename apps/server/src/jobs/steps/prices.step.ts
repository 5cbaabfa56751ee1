import { seedDemoFunds } from '@fund/db';
import type { BatchStep } from '../batch-runner.ts';

/**
 * a. Prices: the NAVs of the business date. In development and demos the deterministic demo NAVs up to the
 * date are added (`seedDemoFunds`, idempotent); in production NAVs come by the fund feed
 * (modules/fund-feed, docs/fund-feed.md), and a fund's orders wait until its NAV of their 約定日 is in
 * (the execution step). One item per day ('-').
 */
export const pricesStep: BatchStep = {
  name: 'prices',
  enumerate: async (_db, { settings }) => (settings.demoPrices ? ['-'] : []),
  async process(tx, _itemId, context) {
    const report = await seedDemoFunds(tx, context.businessDate);
    return report.navsInserted > 0 ? `navs+${report.navsInserted}` : 'no-new-navs';
  },
};
