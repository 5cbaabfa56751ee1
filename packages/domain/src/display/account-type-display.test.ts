import { describe, expect, it } from 'vitest';
import { accountTypeValues } from '../enums/account.ts';
import { formatAccountType } from './account-type-display.ts';

describe('account types on screen (spec §3 AccountType)', () => {
  it('names every account type as Japanese fund sellers do, the pre-2024 NISA as 旧', () => {
    expect(accountTypeValues.map(formatAccountType)).toEqual([
      '特定口座',
      '一般口座',
      '旧一般NISA',
      '旧つみたてNISA',
      'NISA つみたて投資枠',
      'NISA 成長投資枠',
      'ジュニアNISA',
    ]);
  });

  it('shows an account type it does not know as it came rather than hiding the holding', () => {
    expect(formatAccountType('future_account')).toBe('future_account');
  });
});
