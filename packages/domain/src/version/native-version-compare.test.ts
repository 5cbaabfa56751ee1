import { describe, expect, it } from 'vitest';
import {
  checkNativeVersion,
  compareNativeVersions,
  parseNativeVersion,
  requiredNativeVersion,
} from './native-version.ts';

function version(text: string) {
  const parsed = parseNativeVersion(text);
  if (parsed === undefined) throw new Error(`unreadable ${text}`);
  return parsed;
}

describe('native app version check against the required 1.1.1 (spec §4, decision 026)', () => {
  it('requires 1.1.1', () => {
    expect(requiredNativeVersion).toBe('1.1.1');
  });

  it.each([
    ['1.1.1', 'stay'],
    ['1.1.2', 'stay'],
    ['1.2.0', 'stay'],
    ['1.10.0', 'stay'],
    ['2.0.0', 'stay'],
    ['10.10.10', 'stay'],
    ['1.1.0', 'update'],
    ['1.0.9', 'update'],
    ['1.0.10', 'update'],
    ['0.9.9', 'update'],
    ['0.99.99', 'update'],
  ] as const)('answers %s with %s', (current, expected) => {
    expect(checkNativeVersion(current)).toBe(expected);
  });

  it('is not lexicographic: "1.10.0" < "1.9.9" as strings, yet 1.10.0 is the newer version', () => {
    expect('1.10.0' < '1.9.9').toBe(true);
    expect(checkNativeVersion('1.9.9', '1.10.0')).toBe('update');
    expect(checkNativeVersion('1.10.0', '1.9.9')).toBe('stay');
  });

  it.each([
    ['1.10.0', '1.9.9', 1],
    ['1.9.9', '1.10.0', -1],
    ['2.0.0', '1.99.99', 1],
    ['1.2.3', '1.2.3', 0],
    ['1.2.10', '1.2.9', 1],
  ] as const)('orders %s against %s by major, minor, patch', (a, b, sign) => {
    expect(Math.sign(compareNativeVersions(version(a), version(b)))).toBe(sign);
  });

  it('answers an unknown or unreadable current version with update', () => {
    for (const current of [undefined, '', '1.1', '1.1.1.1', 'v1.1.1', '1.1.1-beta', 'abc', '1.x.1']) {
      expect(checkNativeVersion(current)).toBe('update');
    }
  });

  it('reads versions and refuses a broken required version', () => {
    expect(parseNativeVersion('12.0.3')).toEqual({ major: 12, minor: 0, patch: 3 });
    expect(parseNativeVersion('99999999999999999999.0.0')).toBeUndefined();
    expect(() => checkNativeVersion('1.1.1', 'one')).toThrow(RangeError);
  });
});
