import {
  formatAccountType,
  formatJapaneseDate,
  formatNavPer10k,
  formatSignedYen,
  formatUnits,
  formatYen,
  type IsoDate,
} from '@fund/domain';
import type { RedemptionPayment, Transaction } from '@fund/db';
import { documentFragment, rowTable, withheldTaxText, type DocumentRow } from './document-html.ts';
import { issueFundDocument } from './fund-document.ts';

/**
 * 償還金のお知らせ: per holding of an ended fund, issued in the transaction that pays it. It shows the
 * units redeemed at the 償還価額 (no 信託財産留保額), the cost by 個別元本 and the gain, the tax by part in
 * the specific account (a loss may refund earlier withholding of the year), and the amount paid.
 */
export function redemptionNoticeBody(input: {
  readonly payment: RedemptionPayment;
  readonly fund: { readonly name: string; readonly code: string };
  readonly addressee: { readonly name: string; readonly accountNumber: string };
  readonly issuedOn: string;
}): string {
  const { payment } = input;
  const rows: DocumentRow[] = [
    ['ファンド名', input.fund.name],
    ['ファンドコード', input.fund.code],
    ['預り区分', formatAccountType(payment.accountType)],
    ['償還日', formatJapaneseDate(payment.redemptionDate)],
    ['お支払日', formatJapaneseDate(payment.paymentDate)],
    ['償還口数', formatUnits(payment.units)],
    ['償還価額（1万口あたり）', formatNavPer10k(payment.pricePer10k)],
    ['償還金額（税引前）', formatYen(payment.proceeds)],
    ['取得価額', formatYen(payment.acquisitionCost)],
    ['譲渡損益', formatSignedYen(payment.gain)],
    ['源泉徴収税額（所得税及び復興特別所得税）', withheldTaxText(payment.incomeTax)],
    ['源泉徴収税額（住民税）', withheldTaxText(payment.residentTax)],
    ['お受取金額', formatYen(payment.net)],
  ];
  return documentFragment({
    heading: '償還金のお知らせ',
    lead: 'ご保有のファンドが信託期間を終了し償還されましたので、償還金について下記のとおりお知らせいたします。償還金はお預り金に入金いたしました。',
    issuedOn: formatJapaneseDate(input.issuedOn),
    addressee: input.addressee,
    sections: [rowTable(rows, 'document-rows redemption-notice-figures')],
  });
}

/** Issues the notice; answers the fund's short name, which the customer's お知らせ names too. */
export async function issueRedemptionNotice(
  tx: Transaction,
  payment: RedemptionPayment,
  issuedOn: IsoDate,
): Promise<string> {
  const fund = await issueFundDocument(tx, {
    customerId: payment.customerId,
    fundId: payment.fundId,
    kind: 'REDEMPTION_NOTICE',
    issuedOn,
    title: (names) =>
      `償還金のお知らせ（${names.shortName} ${formatJapaneseDate(payment.redemptionDate)}償還）`,
    body: (names, addressee) => redemptionNoticeBody({ payment, fund: names, addressee, issuedOn }),
  });
  return fund.shortName;
}
