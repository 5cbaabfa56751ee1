import { describe, expect, it } from 'vitest';
import { accountRoleTypeValues } from '../enums/account.ts';
import { depositTypeValues } from '../enums/trade.ts';
import { formatAccountRole, formatDepositType } from './enum-labels.ts';

describe('account roles and deposit types on screen (spec §3)', () => {
  it('names every AccountRoleType as the kind of account the customer opened', () => {
    expect(accountRoleTypeValues.map(formatAccountRole)).toEqual([
      '個人口座',
      '法人口座',
      '未成年者口座',
      'ジュニアNISA口座',
    ]);
  });

  it('names the 預金種目 of the debited bank account as the passbook does', () => {
    expect(depositTypeValues.map(formatDepositType)).toEqual(['普通', '当座']);
  });
});
