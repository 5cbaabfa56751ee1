import { describe, expect, it } from 'vitest';
import { assetsQuerySchema } from './assets.ts';
import { navsQuerySchema } from './funds.ts';
import { cashflowsQuerySchema } from './history.ts';
import { isoDateSchema } from './request-limits.ts';

describe('bounded request dates (issue 13 point 9)', () => {
  it('refuses ?date=9999-12-31 on the assets query and ?to=9999-12-31 on the NAV query', () => {
    expect(assetsQuerySchema.safeParse({ date: '9999-12-31' }).success).toBe(false);
    expect(navsQuerySchema.safeParse({ to: '9999-12-31' }).success).toBe(false);
    expect(cashflowsQuerySchema.safeParse({ from: '0001-01-01' }).success).toBe(false);
  });

  it('accepts 1900-01-01 to 2099-12-31 and refuses the days just outside', () => {
    expect(isoDateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(isoDateSchema.safeParse('2099-12-31').success).toBe(true);
    expect(isoDateSchema.safeParse('1899-12-31').success).toBe(false);
    expect(isoDateSchema.safeParse('2100-01-01').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-02-30').success).toBe(false);
  });
});
