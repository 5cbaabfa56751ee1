import { describe, expect, it } from 'vitest';
import { divideCeil, divideFloor } from './rounding.ts';

describe('named rounding of integer division', () => {
  it('floors toward minus infinity, unlike BigInt division: −7 ÷ 2 = −3.5 → −4', () => {
    expect(-7n / 2n).toBe(-3n);
    expect(divideFloor(-7n, 2n)).toBe(-4n);
    expect(divideFloor(7n, 2n)).toBe(3n);
    expect(divideFloor(6n, 2n)).toBe(3n);
  });

  it('ceils toward plus infinity: 7 ÷ 2 = 3.5 → 4, −7 ÷ 2 → −3', () => {
    expect(divideCeil(7n, 2n)).toBe(4n);
    expect(divideCeil(-7n, 2n)).toBe(-3n);
    expect(divideCeil(6n, 2n)).toBe(3n);
  });

  it('refuses a zero or negative divisor', () => {
    expect(() => divideFloor(1n, 0n)).toThrow(RangeError);
    expect(() => divideCeil(1n, -2n)).toThrow(RangeError);
  });
});
