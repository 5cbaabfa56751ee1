import type { ScheduledSell } from '@fund/contracts';

/** 口座区分 as the sell screen names them (spec §3 AccountType). */
const accountTypeLabels: Readonly<Record<string, string>> = {
  specific: '特定口座',
  general: '一般口座',
  nisa2_tsumitate: 'NISA つみたて投資枠',
  nisa2_growth: 'NISA 成長投資枠',
  tsumitate_nisa: 'つみたてNISA（2023年まで）',
  general_nisa: '一般NISA（2023年まで）',
  junior_nisa: 'ジュニアNISA',
};

export function sellAccountTypeLabel(accountType: string): string {
  return accountTypeLabels[accountType] ?? accountType;
}

/** The order spec §3 lists the account types in, so the choices keep their place. */
const accountTypeOrder = Object.keys(accountTypeLabels);
export function byAccountTypeOrder(a: string, b: string): number {
  return accountTypeOrder.indexOf(a) - accountTypeOrder.indexOf(b);
}

export const scheduledSellTypeLabels: Record<ScheduledSell['type'], string> = {
  AMOUNT: '定額',
  QUANTITY: '定口',
  RATE: '定率',
};

export const scheduledSellFrequencyLabels: Record<ScheduledSell['frequency'], string> = {
  MONTHLY: '毎月',
  ODD_MONTHLY: '奇数月',
};

export const scheduledSellStatusLabels: Record<ScheduledSell['status'], string> = {
  ACTIVE: '設定中',
  SUSPENDED: '停止中',
  CANCELED: '解約済み',
};
