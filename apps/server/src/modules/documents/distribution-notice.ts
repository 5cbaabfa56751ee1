import {
  formatAccountType,
  formatJapaneseDate,
  formatNavPer10k,
  formatUnits,
  formatYen,
  type IsoDate,
} from '@fund/domain';
import type { DistributionPayment, Transaction } from '@fund/db';
import { documentFragment, rowTable, type DocumentRow } from './document-html.ts';
import { issueFundDocument } from './fund-document.ts';

/**
 * 収益分配金のお知らせ: per 決算 per holder, issued in the transaction that pays the distribution (so a
 * rerun, which finds the payment, issues none). It shows the split against the holder's 個別元本, the tax
 * by part, and where the money went: paid into お預り金, or reinvested (units at the ex-NAV, the account
 * they went to, and the remainder paid in cash).
 */
export function distributionNoticeBody(input: {
  readonly payment: DistributionPayment;
  readonly fund: { readonly name: string; readonly code: string };
  readonly addressee: { readonly name: string; readonly accountNumber: string };
  readonly issuedOn: string;
}): string {
  const { payment } = input;
  const rows: DocumentRow[] = [
    ['ファンド名', input.fund.name],
    ['ファンドコード', input.fund.code],
    ['預り区分', formatAccountType(payment.accountType)],
    ['決算日', formatJapaneseDate(payment.settlementDate)],
    ['支払開始日', formatJapaneseDate(payment.paymentDate)],
    ['分配金（1万口あたり）', formatYen(payment.per10k)],
    ['分配落ち後の基準価額（1万口あたり）', formatNavPer10k(payment.exNav)],
    ['決算日の保有口数', formatUnits(payment.units)],
    ['分配前の個別元本（1万口あたり）', formatYen(payment.basisBeforePer10k)],
    ['普通分配金', formatYen(payment.ordinary)],
    ['元本払戻金（特別分配金）', formatYen(payment.principalRepayment)],
    ['源泉徴収税額（所得税及び復興特別所得税）', formatYen(payment.incomeTax)],
    ['源泉徴収税額（住民税）', formatYen(payment.residentTax)],
    ['税引後分配金', formatYen(payment.net)],
    ['分配後の個別元本（1万口あたり）', formatYen(payment.basisAfterPer10k)],
  ];
  if (payment.reinvestedUnits > 0n) {
    rows.push(
      ['受取方法', '再投資'],
      ['再投資口数', formatUnits(payment.reinvestedUnits)],
      ['再投資金額', formatYen(payment.reinvestedAmount)],
      ['再投資の預り区分', formatAccountType(payment.reinvestedAccountType ?? payment.accountType)],
    );
    if (payment.cashPaid > 0n) rows.push(['お預り金への入金（端数）', formatYen(payment.cashPaid)]);
  } else {
    rows.push(['受取方法', '受取'], ['お預り金への入金', formatYen(payment.cashPaid)]);
  }
  return documentFragment({
    heading: '収益分配金のお知らせ',
    lead: 'ご保有のファンドの決算にともなう収益分配金について、下記のとおりお知らせいたします。',
    issuedOn: formatJapaneseDate(input.issuedOn),
    addressee: input.addressee,
    sections: [rowTable(rows, 'document-rows distribution-notice-figures')],
  });
}

/** 「収益分配金のお知らせ（<略称> 2026年11月16日決算）」 */
export function distributionNoticeTitle(fundShortName: string, settlementDate: string): string {
  return `収益分配金のお知らせ（${fundShortName} ${formatJapaneseDate(settlementDate)}決算）`;
}

export async function issueDistributionNotice(
  tx: Transaction,
  payment: DistributionPayment,
  issuedOn: IsoDate,
): Promise<void> {
  await issueFundDocument(tx, {
    customerId: payment.customerId,
    fundId: payment.fundId,
    kind: 'DISTRIBUTION_NOTICE',
    issuedOn,
    title: (fund) => distributionNoticeTitle(fund.shortName, payment.settlementDate),
    body: (fund, addressee) => distributionNoticeBody({ payment, fund, addressee, issuedOn }),
  });
}
