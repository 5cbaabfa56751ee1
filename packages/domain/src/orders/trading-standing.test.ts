import { describe, expect, it } from 'vitest';
import { tradingStandingRefusal } from './trading-standing.ts';

describe('who may trade', () => {
  it('lets an open, unlocked account trade', () => {
    expect(tradingStandingRefusal({ equityStatus: 'OPEN', locked: false })).toBeUndefined();
  });

  it('refuses a locked account (400-100), a closed one (CLOSE) and one not opened yet (NONE)', () => {
    expect(tradingStandingRefusal({ equityStatus: 'OPEN', locked: true })).toBe('account-locked');
    expect(tradingStandingRefusal({ equityStatus: 'CLOSE', locked: false })).toBe('account-closed');
    expect(tradingStandingRefusal({ equityStatus: 'NONE', locked: false })).toBe('account-not-opened');
    expect(tradingStandingRefusal({ equityStatus: 'CLOSE', locked: true })).toBe('account-closed');
  });
});
