import { isAccountType, type AccountType } from '../enums/account.ts';

/**
 * 口座区分 as Japanese fund sellers name them (spec §3 AccountType): the 2024 NISA's two 枠, and the
 * pre-2024 NISA accounts called 旧 so a customer tells them apart from the new ones.
 */
const accountTypeLabels: Readonly<Record<AccountType, string>> = {
  specific: '特定口座',
  general: '一般口座',
  general_nisa: '旧一般NISA',
  tsumitate_nisa: '旧つみたてNISA',
  nisa2_tsumitate: 'NISA つみたて投資枠',
  nisa2_growth: 'NISA 成長投資枠',
  junior_nisa: 'ジュニアNISA',
};

/** The label of an account type; a value this version does not know is shown as it came. */
export function formatAccountType(accountType: string): string {
  return isAccountType(accountType) ? accountTypeLabels[accountType] : accountType;
}
