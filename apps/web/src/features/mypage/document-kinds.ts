import type { DeliveredDocumentKindValue } from '@fund/contracts';

/** The kind of a 電子交付書面 as the list's badge names it. */
export const documentKindLabels: Readonly<Record<DeliveredDocumentKindValue, string>> = {
  TRADE_REPORT: '取引報告書',
  BALANCE_REPORT: '取引残高報告書',
  ANNUAL_SPECIFIC_ACCOUNT_REPORT: '特定口座年間取引報告書',
  DISTRIBUTION_NOTICE: '収益分配金のお知らせ',
  REDEMPTION_NOTICE: '償還金のお知らせ',
};
