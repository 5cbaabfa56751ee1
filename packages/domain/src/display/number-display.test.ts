import { describe, expect, it } from 'vitest';
import {
  formatNavPer10k,
  formatPoints,
  formatRate,
  formatSignedRate,
  formatSignedYen,
  formatUnits,
  formatYen,
  groupDigits,
  signOf,
} from './number-display.ts';

describe('money, units and rates on screen (web-screens.md g)', () => {
  it('yen as digits with thousands separators and 円, not Intl currency', () => {
    expect(formatYen('1234567')).toBe('1,234,567円');
    expect(formatYen(0n)).toBe('0円');
    expect(formatYen('999')).toBe('999円');
  });

  it('keeps every digit above 2^53 (a value a JavaScript number would round)', () => {
    expect(formatYen('123456789012345678')).toBe('123,456,789,012,345,678円');
    expect(groupDigits(2n ** 63n)).toBe('9,223,372,036,854,775,808');
  });

  it('gains and day changes always carry their sign; a loss uses the minus sign U+2212', () => {
    expect(formatSignedYen('12345')).toBe('+12,345円');
    expect(formatSignedYen('-12345')).toBe('−12,345円');
    expect(formatSignedYen('0')).toBe('0円');
    expect(formatYen('-500')).toBe('−500円');
  });

  it('units as 口 and NAV per 10,000 units as 円', () => {
    expect(formatUnits('1234567')).toBe('1,234,567口');
    expect(formatNavPer10k('23456')).toBe('23,456円');
  });

  it('評価損益率 = 損益 ÷ 簿価, rounded half away from zero to 0.01%', () => {
    // 12,345 ÷ 150,000 = 8.23%
    expect(formatSignedRate('12345', '150000')).toBe('+8.23%');
    // −1 ÷ 200 = −0.5% exactly; −1 ÷ 300 = −0.3333…% → −0.33%
    expect(formatSignedRate('-1', '200')).toBe('−0.50%');
    expect(formatSignedRate('-1', '300')).toBe('−0.33%');
    // 1 ÷ 80,000 = 0.00125% → 0.00%, shown without a sign
    expect(formatSignedRate('1', '80000')).toBe('0.00%');
    // 125 ÷ 100,000 = 0.125%: half away from zero gives 0.13%
    expect(formatSignedRate('125', '100000')).toBe('+0.13%');
    expect(formatSignedRate('-125', '100000')).toBe('−0.13%');
  });

  it('a rate over a zero 簿価 cannot be computed and shows a dash', () => {
    expect(formatSignedRate('100', '0')).toBe('−');
    expect(formatRate('0', '0')).toBe('−');
  });

  it('a plain share for limits used', () => {
    // 425,000 of 1,200,000 = 35.416…% → 35.4%
    expect(formatRate('425000', '1200000')).toBe('35.4%');
    expect(formatRate('1200000', '1200000')).toBe('100.0%');
  });

  it('the direction of a figure', () => {
    expect(signOf('5')).toBe(1);
    expect(signOf('-5')).toBe(-1);
    expect(signOf(0n)).toBe(0);
  });

  it('refuses what is not a whole number instead of printing it', () => {
    expect(() => formatYen('12.5')).toThrow(RangeError);
    expect(() => formatYen('1e6')).toThrow(RangeError);
  });
});

describe('points on screen (domain.md §4)', () => {
  it('groups the digits of a point balance and names the unit, from a bigint or a decimal string', () => {
    expect(formatPoints('1545')).toBe('1,545ポイント');
    expect(formatPoints(0n)).toBe('0ポイント');
    expect(formatPoints('12345678901234567890')).toBe('12,345,678,901,234,567,890ポイント');
  });
});
