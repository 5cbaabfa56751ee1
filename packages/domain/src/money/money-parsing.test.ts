import { describe, expect, it } from 'vitest';
import {
  InvalidWholeNumberError,
  maxYen,
  minYen,
  navPer10k,
  parseNavPer10k,
  parseUnits,
  parseYen,
  signedYen,
  sumYen,
  units,
  yen,
} from './money.ts';

describe('reading yen, units and prices from integers and strings', () => {
  it('accepts safe integers, bigints and plain decimal strings', () => {
    expect(yen(5000)).toBe(5000n);
    expect(yen(5000n)).toBe(5000n);
    expect(yen('5000')).toBe(5000n);
    expect(yen(0)).toBe(0n);
    expect(units('1234567890123456789')).toBe(1_234_567_890_123_456_789n);
    expect(navPer10k('12345')).toBe(12_345n);
  });

  it('keeps digits beyond 2^53 when they arrive as a string: 9007199254740993 stays odd', () => {
    expect(units('9007199254740993')).toBe(9_007_199_254_740_993n);
  });

  it.each([
    [1.5, 'not-an-integer'],
    ['1.5', 'not-an-integer'],
    ['1000.0', 'not-an-integer'],
    ['.5', 'not-an-integer'],
    ['1e3', 'exponent-notation'],
    ['1E3', 'exponent-notation'],
    ['1.5e3', 'exponent-notation'],
    [Number.NaN, 'not-finite'],
    [Number.POSITIVE_INFINITY, 'not-finite'],
    [2 ** 53, 'unsafe-number'],
    ['', 'malformed'],
    [' 100', 'malformed'],
    ['+100', 'malformed'],
    ['0100', 'malformed'],
    ['1,000', 'malformed'],
    ['１０００', 'malformed'],
    ['0x10', 'malformed'],
    [null, 'malformed'],
    [undefined, 'malformed'],
    [{}, 'malformed'],
    [-1, 'negative'],
    ['-1', 'negative'],
    [-1n, 'negative'],
  ] as const)('refuses %o as a yen amount (%s)', (input, problem) => {
    expect(parseYen(input)).toEqual({ ok: false, problem });
  });

  it('allows negative yen only when asked: gains, losses and refunds', () => {
    expect(parseYen('-120', { allowNegative: true })).toEqual({ ok: true, value: -120n });
    expect(signedYen(-120)).toBe(-120n);
    expect(parseYen('-1.5', { allowNegative: true })).toEqual({ ok: false, problem: 'not-an-integer' });
  });

  it('refuses negative unit counts but allows zero units', () => {
    expect(parseUnits(-3)).toEqual({ ok: false, problem: 'negative' });
    expect(parseUnits(0)).toEqual({ ok: true, value: 0n });
  });

  it('requires a price per 10,000 units to be positive', () => {
    expect(parseNavPer10k(0)).toEqual({ ok: false, problem: 'not-positive' });
    expect(parseNavPer10k('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseNavPer10k(1)).toEqual({ ok: true, value: 1n });
  });

  it('throws a typed error naming the quantity and the problem', () => {
    const error = (() => {
      try {
        yen('1e3');
        return undefined;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidWholeNumberError);
    expect(error).toMatchObject({ code: 'invalid-whole-number', problem: 'exponent-notation', input: '1e3' });
    expect(() => navPer10k(0)).toThrow(InvalidWholeNumberError);
    expect(() => units(0.5)).toThrow(InvalidWholeNumberError);
  });

  it('adds and compares yen without leaving bigint', () => {
    expect(sumYen([yen(1000), yen(2500), signedYen(-500)])).toBe(3000n);
    expect(sumYen([])).toBe(0n);
    expect(minYen(yen(3), yen(5))).toBe(3n);
    expect(maxYen(yen(3), yen(5))).toBe(5n);
  });
});
