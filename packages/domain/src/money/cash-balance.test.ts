import { describe, expect, it } from 'vitest';
import { creditCash, debitCash, InsufficientCashError } from './cash-balance.ts';
import { yen, signedYen } from './money.ts';

describe('cash balance', () => {
  it('pays 30,000 from 50,000 leaving 20,000, and takes 9,968 of proceeds in: 29,968', () => {
    const after = debitCash(yen(50_000), yen(30_000));
    expect(after).toBe(20_000n);
    expect(creditCash(after, yen(9_968))).toBe(29_968n);
  });

  it('refuses to pay 50,001 from 50,000 with a typed error', () => {
    expect(() => debitCash(yen(50_000), yen(50_001))).toThrow(InsufficientCashError);
    expect(() => debitCash(yen(50_000), yen(50_001))).toThrow(
      expect.objectContaining({ code: 'insufficient-cash', requested: 50_001n, available: 50_000n }),
    );
  });

  it('refuses negative movements', () => {
    expect(() => debitCash(yen(10), signedYen(-1))).toThrow(RangeError);
    expect(() => creditCash(yen(10), signedYen(-1))).toThrow(RangeError);
  });
});
