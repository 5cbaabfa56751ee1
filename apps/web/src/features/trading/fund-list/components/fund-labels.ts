import type { FundSummary, RecurringPurchase, ScheduledSell } from '@fund/contracts';
import { formatRate } from '@fund/domain';

/** リスク区分 1–5 in the words fund sellers use beside the number. */
export const riskLevelWords: Readonly<Record<number, string>> = {
  1: '低い',
  2: 'やや低い',
  3: '中程度',
  4: 'やや高い',
  5: '高い',
};

export const maxRiskLevel = 5;

const assetClassWords: Readonly<Record<FundSummary['assetClass'], string>> = {
  EQUITY: '株式',
  BOND: '債券',
  BALANCED: 'バランス',
  REIT: 'REIT（不動産投資信託）',
  COMMODITY: 'コモディティ',
};

/** 投資対象: 国内株式, 海外債券, バランス型 (a balanced fund mixes regions by design). */
export function assetClassLabel(fund: Pick<FundSummary, 'assetClass' | 'foreign'>): string {
  if (fund.assetClass === 'BALANCED') return 'バランス型';
  return `${fund.foreign ? '海外' : '国内'}${assetClassWords[fund.assetClass]}`;
}

/** 信託財産留保額: なし, or the basis points as a percentage of the NAV (10 → 0.1%, 25 → 0.25%). */
export function retentionFeeLabel(basisPoints: number): string {
  if (basisPoints === 0) return 'なし';
  return `基準価額の${formatRate(BigInt(basisPoints), 10_000n, basisPoints % 10 === 0 ? 1 : 2)}`;
}

/** Why the fund cannot be bought at all, whoever asks (sales status). */
export function salesStatusBlock(status: FundSummary['salesStatus']): string | null {
  if (status === 'SUSPENDED') return 'このファンドは現在、買付を停止しています。';
  if (status === 'REDEEMED') return 'このファンドは償還済みのため、買付できません。';
  return null;
}

export const salesStatusBadge: Readonly<Record<FundSummary['salesStatus'], string | null>> = {
  ON_SALE: null,
  SUSPENDED: '買付停止中',
  REDEEMED: '償還済',
};

export const planStatusWords: Readonly<Record<RecurringPurchase['status'], string>> = {
  ACTIVE: '積立中',
  SUSPENDED: '停止中',
  CANCELED: '解約済',
};

export const scheduledSellStatusWords: Readonly<Record<ScheduledSell['status'], string>> = {
  ACTIVE: '実行中',
  SUSPENDED: '停止中',
  CANCELED: '解約済',
};

export const scheduledSellFrequencyWords: Readonly<Record<ScheduledSell['frequency'], string>> = {
  MONTHLY: '毎月',
  ODD_MONTHLY: '奇数月',
};

/** The account types as Japanese fund sellers name them (spec §3 AccountType). */
export const planAccountTypeWords: Readonly<Record<RecurringPurchase['accountType'], string>> = {
  specific: '特定口座',
  general: '一般口座',
  nisa2_tsumitate: 'NISA つみたて投資枠',
  nisa2_growth: 'NISA 成長投資枠',
};

export const paymentMethodWords: Readonly<Record<RecurringPurchase['paymentMethod'], string>> = {
  ACCOUNT_TRANSFER: '口座振替',
  CREDIT_CARD: 'クレジットカード',
};
