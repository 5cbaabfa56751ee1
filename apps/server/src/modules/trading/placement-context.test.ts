import { isoDate } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSharedPlacementContext, type PlacementContextRequest } from './placement-context.repository.ts';
import { createTradingKit, kitStartup, type TradingKit } from './test/trading-test-kit.ts';

let kit: TradingKit;

beforeAll(async () => {
  kit = await createTradingKit();
}, kitStartup);

afterAll(async () => {
  await kit?.close();
});

describe('placement reads that share a statement', { timeout: kitStartup }, () => {
  it('each call gets its own customer and fund, and a customer that does not exist gets nothing', async () => {
    const request = (accountNumber: string | null, fundCode: string): PlacementContextRequest => ({
      customerId:
        accountNumber === null ? '00000000-0000-4000-8000-00000000dead' : kit.customerId(accountNumber),
      fundCode,
      accountType: 'specific',
      today: isoDate('2026-02-04'),
      clockTime: '10:00',
      orderKey: null,
      lock: false,
    });
    // on the pool and without lock: the first runs at once, the four others wait and share one statement
    const calls = [
      request('1000001', 'DEMOF003'),
      request('1000009', 'DEMOF004'),
      request(null, 'DEMOF003'),
      request('1000001', 'NO-SUCH-FUND'),
      request('1000008', 'DEMOF001'),
    ];
    const contexts = await Promise.all(
      calls.map((call) => readSharedPlacementContext(kit.database.db, call)),
    );
    expect(contexts.map((context) => context?.customer.id)).toEqual([
      kit.customerId('1000001'),
      kit.customerId('1000009'),
      undefined,
      kit.customerId('1000001'),
      kit.customerId('1000008'),
    ]);
    expect(contexts.map((context) => context?.fund?.code)).toEqual([
      'DEMOF003',
      'DEMOF004',
      undefined,
      undefined,
      'DEMOF001',
    ]);
    expect(contexts[0]?.cashBalance).toBe(await kit.cash('1000001'));
    expect(contexts[1]?.cashBalance).toBe(await kit.cash('1000009'));
  });
});
