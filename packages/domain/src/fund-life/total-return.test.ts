import { describe, expect, it } from 'vitest';
import { yen } from '../money/money.ts';
import { totalReturn } from './total-return.ts';

describe('トータルリターン = 評価金額 + 累計売付金額 + 累計受取分配金額 − 累計買付金額', () => {
  it('a fund still held with distributions received', () => {
    expect(
      totalReturn({
        valuation: yen(1_050_000),
        sold: yen(0),
        distributions: yen(24_000),
        bought: yen(1_000_000),
      }),
    ).toBe(74_000n);
  });

  it('a reinvested distribution counts on both sides and changes nothing on the day', () => {
    const before = { valuation: yen(1_000_000), sold: yen(0), distributions: yen(0), bought: yen(1_000_000) };
    const after = {
      valuation: yen(1_000_797),
      sold: yen(0),
      distributions: yen(797),
      bought: yen(1_000_797),
    };
    expect(totalReturn(after)).toBe(totalReturn(before) + 797n);
  });

  it('a fund no longer held: what came back less what went in, a loss negative', () => {
    expect(
      totalReturn({
        valuation: yen(0),
        sold: yen(880_000),
        distributions: yen(30_000),
        bought: yen(1_000_000),
      }),
    ).toBe(-90_000n);
  });
});
