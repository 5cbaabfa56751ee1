import { describe, expect, it } from 'vitest';
import { checkNativeVersion, parseNativeVersion, requiredNativeVersion } from './native-version.ts';

describe('native app version check against the required 1.1.1, part by part (spec §4)', () => {
  it('requires 1.1.1', () => {
    expect(requiredNativeVersion).toBe('1.1.1');
  });

  it.each([
    ['1.1.1', 'stay'],
    ['1.1.2', 'stay'],
    ['2.1.1', 'stay'],
    ['10.10.10', 'stay'],
    ['1.1.0', 'update'],
    ['1.0.9', 'update'],
    ['0.9.9', 'update'],
  ] as const)('answers %s with %s', (current, expected) => {
    expect(checkNativeVersion(current)).toBe(expected);
  });

  it('answers 2.0.0 with update: the spec compares parts separately and required minor 1 > 0 (not semver)', () => {
    expect(checkNativeVersion('2.0.0')).toBe('update');
  });

  it('answers 1.2.0 with update: required patch 1 > 0', () => {
    expect(checkNativeVersion('1.2.0')).toBe('update');
  });

  it('is not lexicographic: 1.10.1 stays although "1.10.1" < "1.1.1" would fail a string comparison', () => {
    expect('1.10.1' < '1.2.1').toBe(true);
    expect(checkNativeVersion('1.10.1')).toBe('stay');
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
