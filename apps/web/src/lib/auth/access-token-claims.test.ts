import { describe, expect, it } from 'vitest';
import { isAccessTokenExpired, readAccessTokenClaims } from './access-token-claims';
import { fakeJwt } from './test/fake-jwt';

const exp = 1_800_000_000;

describe('access-token claims (spec §3)', () => {
  it('reads username and exp from the payload without verifying it', () => {
    expect(readAccessTokenClaims(fakeJwt({ username: '1234567', exp, sub: 'x' }))).toEqual({
      username: '1234567',
      exp,
    });
  });

  it('reads a payload with non-ASCII text', () => {
    expect(readAccessTokenClaims(fakeJwt({ username: '山田', exp }))?.username).toBe('山田');
  });

  it('reads nothing from a value that is not a JWT', () => {
    expect(readAccessTokenClaims('opaque-token')).toBeNull();
    expect(readAccessTokenClaims('a.%%%.c')).toBeNull();
    expect(readAccessTokenClaims('a.bm90IGpzb24.c')).toBeNull();
  });
});

describe('token expiry (spec §5)', () => {
  const token = fakeJwt({ username: '1234567', exp });

  it('is valid before exp', () => {
    expect(isAccessTokenExpired(token, exp * 1000 - 1)).toBe(false);
  });

  it('is expired at exactly exp', () => {
    expect(isAccessTokenExpired(token, exp * 1000)).toBe(true);
  });

  it('is expired after exp', () => {
    expect(isAccessTokenExpired(token, exp * 1000 + 1)).toBe(true);
  });

  it('is expired when there is no token', () => {
    expect(isAccessTokenExpired(null)).toBe(true);
    expect(isAccessTokenExpired(undefined)).toBe(true);
    expect(isAccessTokenExpired('')).toBe(true);
  });

  it('is expired when the token has no readable exp', () => {
    expect(isAccessTokenExpired(fakeJwt({ username: '1234567' }), 0)).toBe(true);
    expect(isAccessTokenExpired(fakeJwt({ exp: 'tomorrow' }), 0)).toBe(true);
    expect(isAccessTokenExpired('opaque-token', 0)).toBe(true);
  });
});
