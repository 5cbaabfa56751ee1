import {
  cancellationPrice,
  formatAccountType,
  formatJapaneseDate,
  formatNavPer10k,
  formatSignedYen,
  formatUnits,
  formatYen,
  isoDate,
  totalReturn,
  valueOfUnits,
  type IsoDate,
  type NavPer10k,
  type Units,
  type Yen,
} from '@fund/domain';
import type { Transaction } from '@fund/db';
import { documentFragment, listTable, rowTable, withheldTaxText } from './document-html.ts';
import { addresseeOf } from './documents.repository.ts';
import {
  distributionsPaidBetween,
  insertDocument,
  ledgerBalanceAt,
  settledPositionsAt,
  specificAccountDistributionsOf,
  specificAccountSaleRowsOf,
  yearlyTaxStateOf,
} from './periodic-reports.repository.ts';
import { fundMovementTotals } from '../../shared/fund-movement-totals.repository.ts';

/**
 * The periodic 電子交付書面, written from the data as it stands when issued and kept as issued:
 * - 取引残高報告書 (as of a date): each holding's units from the settled trades up to that date, valued at
 *   the 解約価額 of the last NAV on or before it (the valuation rule of spec §9), and the cash balance
 *   (お預り金) and money awaiting settlement (受渡待ち) from the ledger at that date;
 * - 特定口座年間取引報告書 (a calendar year): the specific account's sales settled in the year, their
 *   proceeds and tax, and the year's totals from `yearly_tax_states` (net gain, the two tax parts).
 * The daily batch issues them on the first business day of each quarter (jobs/steps/periodic-reports.step.ts,
 * the rule in @fund/domain `periodicReportsDue`); the demo issues its customers' earlier ones
 * (demo/demo-documents.ts).
 */

export interface BalanceLine {
  readonly accountType: string;
  readonly fundName: string;
  readonly units: bigint;
  readonly navDate: string | null;
  /** 解約価額 of the NAV date (NAV − 信託財産留保額), per 10,000 units. */
  readonly price: bigint | null;
  readonly value: bigint;
}

/** Holdings on `asOf` from the settled trades, each valued at the 解約価額 of its last NAV up to then. */
export async function balanceLinesAt(
  tx: Transaction,
  customerId: string,
  asOf: IsoDate,
): Promise<BalanceLine[]> {
  const positions = await settledPositionsAt(tx, customerId, asOf);
  return positions
    .map((row) => {
      const units = BigInt(row.units);
      const price =
        row.nav === null
          ? null
          : cancellationPrice(BigInt(row.nav) as NavPer10k, row.retentionFeeBasisPoints);
      return {
        accountType: row.accountType ?? '',
        fundName: row.fundName,
        units,
        navDate: row.navDate,
        price,
        value: price === null ? 0n : valueOfUnits(units as Units, price),
      };
    })
    .filter((line) => line.units > 0n);
}

/**
 * The year-end report's トータルリターン (JSDA rule, domain.md §9): per fund held in the year or before, its
 * 評価金額 on `asOf` (the report's own valuation) and the settled buys, sales and distributions up to then,
 * as the トータルリターン screen computes them.
 */
async function totalReturnSection(
  tx: Transaction,
  customerId: string,
  asOf: IsoDate,
  lines: readonly BalanceLine[],
): Promise<string[]> {
  const movements = await fundMovementTotals(tx, customerId, asOf);
  const rows = movements.map((fund) => {
    const valuation = lines
      .filter((line) => line.fundName === fund.name)
      .reduce((sum, line) => sum + line.value, 0n);
    const figures = {
      valuation: valuation as Yen,
      sold: fund.sold as Yen,
      distributions: fund.distributions as Yen,
      bought: fund.bought as Yen,
    };
    return [
      fund.name,
      formatYen(valuation),
      formatYen(fund.sold),
      formatYen(fund.distributions),
      formatYen(fund.bought),
      formatSignedYen(totalReturn(figures)),
    ];
  });
  return [
    '<h3>トータルリターン</h3>',
    listTable(
      ['ファンド名', '評価金額', '累計売付金額', '累計受取分配金額', '累計買付金額', 'トータルリターン'],
      rows,
      'お取引のあったファンドはありません。',
    ),
    '<p class="document-lead">トータルリターン＝評価金額＋累計売付金額＋累計受取分配金額−累計買付金額。売付金額は信託財産留保額控除後・税引前、分配金は税引後（元本払戻金・再投資分を含む）、買付金額は手数料・再投資分を含みます。受渡の済んだお取引で計算しています。</p>',
  ];
}

/**
 * The first day of the quarter `asOf` closes (07-01 for 09-30): the period whose distributions the report
 * lists, as 分配金の再投資 is reported in the 取引残高報告書 rather than by a 取引報告書 of its own.
 */
function quarterStartOf(asOf: IsoDate): IsoDate {
  const month = Number(asOf.slice(5, 7));
  const first = month - ((month - 1) % 3);
  return isoDate(`${asOf.slice(0, 4)}-${String(first).padStart(2, '0')}-01`);
}

export function balanceReportTitle(asOf: string): string {
  return `取引残高報告書（${formatJapaneseDate(asOf)}現在）`;
}

/** Issues a 取引残高報告書 of the customer as of `asOf`. */
export async function issueBalanceReport(
  tx: Transaction,
  input: { readonly customerId: string; readonly asOf: IsoDate; readonly issuedOn: IsoDate },
): Promise<string> {
  const { customerId, asOf, issuedOn } = input;
  const lines = await balanceLinesAt(tx, customerId, asOf);
  const cash = await ledgerBalanceAt(tx, customerId, 'customer_cash', asOf);
  const unsettled = await ledgerBalanceAt(tx, customerId, 'customer_unsettled', asOf);
  const holdingsValue = lines.reduce((sum, line) => sum + line.value, 0n);
  const periodStart = quarterStartOf(asOf);
  const distributions = await distributionsPaidBetween(tx, customerId, periodStart, asOf);
  const body = documentFragment({
    heading: '取引残高報告書',
    lead: `${formatJapaneseDate(asOf)}現在のお預り残高をご報告いたします。評価金額は各ファンドの同日までの最新の基準価額から信託財産留保額を差し引いた解約価額で計算しています。`,
    issuedOn: formatJapaneseDate(issuedOn),
    addressee: await addresseeOf(tx, customerId),
    sections: [
      '<h3>投資信託</h3>',
      listTable(
        ['預り区分', 'ファンド名', '口数', '基準日', '解約価額（1万口あたり）', '評価金額'],
        lines.map((line) => [
          formatAccountType(line.accountType),
          line.fundName,
          formatUnits(line.units),
          line.navDate === null ? '−' : formatJapaneseDate(line.navDate),
          line.price === null ? '−' : formatNavPer10k(line.price),
          formatYen(line.value),
        ]),
        'お預りしている投資信託はありません。',
      ),
      '<h3>金銭</h3>',
      rowTable([
        ['お預り金', formatYen(cash)],
        ['受渡待ち金額', formatYen(unsettled)],
      ]),
      `<h3>期間中の分配金（${formatJapaneseDate(periodStart)}〜${formatJapaneseDate(asOf)}）</h3>`,
      listTable(
        ['支払開始日', 'ファンド名', '預り区分', '分配金', '源泉徴収税額', '受取方法', '再投資口数'],
        distributions.map((row) => [
          `${formatJapaneseDate(row.paymentDate)}（${formatJapaneseDate(row.settlementDate)}決算）`,
          row.fundName,
          formatAccountType(row.accountType),
          formatYen(row.gross),
          formatYen(row.tax),
          row.course === 'REINVEST' ? '再投資' : '受取',
          row.reinvestedUnits === 0n ? '−' : formatUnits(row.reinvestedUnits),
        ]),
        '期間中にお支払いした分配金はありません。',
      ),
      '<h3>合計</h3>',
      rowTable([
        ['評価金額合計（投資信託・お預り金・受渡待ち金額）', formatYen(holdingsValue + cash + unsettled)],
      ]),
      ...(asOf.endsWith('-12-31') ? await totalReturnSection(tx, customerId, asOf, lines) : []),
    ],
  });
  return insertDocument(tx, {
    customerId,
    kind: 'BALANCE_REPORT',
    title: balanceReportTitle(asOf),
    issuedOn,
    body,
  });
}

export interface SpecificAccountSale {
  readonly settlementDate: string;
  readonly fundName: string;
  readonly units: bigint;
  /** 譲渡の対価の額: gross proceeds. */
  readonly proceeds: bigint;
  /** Withheld on this sale (negative: refunded). */
  readonly taxWithheld: bigint;
}

/** The specific account's sales settled in `year`, by 受渡日. */
export async function specificAccountSalesOf(
  tx: Transaction,
  customerId: string,
  year: number,
): Promise<SpecificAccountSale[]> {
  const rows = await specificAccountSaleRowsOf(tx, customerId, year);
  return rows.map((row) => ({
    settlementDate: row.settlementDate,
    fundName: row.fundName,
    units: row.units ?? 0n,
    proceeds: row.proceeds ?? 0n,
    taxWithheld: row.taxWithheld,
  }));
}

export function annualSpecificAccountReportTitle(year: number): string {
  return `特定口座年間取引報告書（${year}年分）`;
}

/** Issues the 特定口座年間取引報告書 of `year` (源泉徴収あり). */
export async function issueAnnualSpecificAccountReport(
  tx: Transaction,
  input: { readonly customerId: string; readonly year: number; readonly issuedOn: IsoDate },
): Promise<string> {
  const { customerId, year, issuedOn } = input;
  const sales = await specificAccountSalesOf(tx, customerId, year);
  const state = await yearlyTaxStateOf(tx, customerId, year);
  const distributions = await specificAccountDistributionsOf(tx, customerId, year);
  const proceeds = sales.reduce((sum, sale) => sum + sale.proceeds, 0n);
  const netGain = state?.netGain ?? 0n;
  const body = documentFragment({
    heading: `特定口座年間取引報告書（${year}年分）`,
    lead: `${year}年中に受渡が行われた特定口座（源泉徴収あり）の譲渡（償還を含みます）と、お支払いした収益分配金についてご報告いたします。`,
    issuedOn: formatJapaneseDate(issuedOn),
    addressee: await addresseeOf(tx, customerId),
    sections: [
      '<h3>譲渡の明細</h3>',
      listTable(
        ['受渡日', 'ファンド名', '口数', '譲渡の対価の額', '源泉徴収税額'],
        sales.map((sale) => [
          formatJapaneseDate(sale.settlementDate),
          sale.fundName,
          formatUnits(sale.units),
          formatYen(sale.proceeds),
          withheldTaxText(sale.taxWithheld),
        ]),
        `${year}年中に受渡の行われた譲渡はありません。`,
      ),
      '<h3>年間の合計</h3>',
      rowTable([
        ['譲渡の対価の額（収入金額）', formatYen(proceeds)],
        ['取得費及び譲渡に要した費用の額等', formatYen(proceeds - netGain)],
        ['差引金額（譲渡所得等の金額）', formatYen(netGain)],
        ['源泉徴収税額（所得税及び復興特別所得税）', formatYen(state?.incomeTaxWithheld ?? 0n)],
        ['源泉徴収税額（住民税）', formatYen(state?.residentTaxWithheld ?? 0n)],
      ]),
      '<h3>配当等（投資信託の収益分配金）</h3>',
      rowTable([
        ['普通分配金の額', formatYen(distributions.ordinary)],
        ['元本払戻金（特別分配金）の額（非課税）', formatYen(distributions.principalRepayment)],
        ['源泉徴収税額（所得税及び復興特別所得税）', formatYen(distributions.incomeTax)],
        ['源泉徴収税額（住民税）', formatYen(distributions.residentTax)],
      ]),
    ],
  });
  return insertDocument(tx, {
    customerId,
    kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
    title: annualSpecificAccountReportTitle(year),
    issuedOn,
    body,
  });
}
