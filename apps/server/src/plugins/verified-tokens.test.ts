import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './verified-tokens.ts';

describe('verified access tokens remembered until they expire', () => {
  it('gives back a remembered token before its exp and nothing from exp on (expired at exactly exp)', () => {
    const tokens = new VerifiedTokens<string>();
    tokens.remember('token-a', 'customer-a', 10_000);
    expect(tokens.get('token-a', 9_999)).toBe('customer-a');
    expect(tokens.get('token-a', 10_000)).toBeUndefined();
    // forgotten for good once seen expired, even if the clock were set back
    expect(tokens.get('token-a', 5_000)).toBeUndefined();
  });

  it('knows only the exact token text', () => {
    const tokens = new VerifiedTokens<string>();
    tokens.remember('token-a', 'customer-a', 10_000);
    expect(tokens.get('token-a ', 0)).toBeUndefined();
    expect(tokens.get('token-b', 0)).toBeUndefined();
  });

  it('starts over when full, so memory stays bounded', () => {
    const tokens = new VerifiedTokens<number>(3);
    for (const n of [1, 2, 3]) tokens.remember(`token-${n}`, n, 10_000);
    tokens.remember('token-4', 4, 10_000);
    expect(tokens.get('token-1', 0)).toBeUndefined();
    expect(tokens.get('token-4', 0)).toBe(4);
  });
});
