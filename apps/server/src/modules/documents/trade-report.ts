import {
  formatAccountType,
  formatJapaneseDate,
  formatNavPer10k,
  formatOrderChannel,
  formatPoints,
  formatUnits,
  formatYen,
  orderSideOf,
  type IsoDate,
} from '@fund/domain';
import type { Order, Transaction } from '@fund/db';
import { documentFragment, rowTable, withheldTaxText, type DocumentRow } from './document-html.ts';
import { addresseeOf, deliverDocument, fundNamesOf } from './documents.repository.ts';

/**
 * 取引報告書 (金融商品取引法 第37条の4: a report after each trade), issued by the settlement (受渡) of an
 * order in the same transaction as the settlement itself, so a crash and a rerun issue exactly one: the
 * unique index on (order, TRADE_REPORT) makes a second insert a no-op. Its body keeps the figures as
 * they were on the day: 約定日, 受渡日, 約定単価 (per 10,000 units), 口数, 約定金額, 手数料, the tax withheld on a
 * sale by part (所得税及び復興特別所得税 / 住民税, decision 014) and the 受渡金額.
 */

/** 源泉徴収税額 of the sale by part; negative parts are a refund (還付). Zero for buys and tax-free accounts. */
export interface WithheldTax {
  readonly incomeTax: bigint;
  readonly residentTax: bigint;
}

export const noTax: WithheldTax = { incomeTax: 0n, residentTax: 0n };

export interface TradeReportInput {
  /** The order as it stood when it settled: EXECUTED, with its executed figures. */
  readonly order: Order;
  readonly tax: WithheldTax;
  /** 交付日: the business date of the settlement run. */
  readonly issuedOn: IsoDate;
}

/** What the report shows, computed once (the body and the tests read the same figures). */
export interface TradeReportFigures {
  readonly side: 'BUY' | 'SELL';
  readonly units: bigint;
  /** 約定金額: a buy's amount invested, a sale's gross proceeds. */
  readonly amount: bigint;
  /** 手数料 (購入時手数料): the funds sold here are no-load; an order has no fee of its own. */
  readonly fee: bigint;
  readonly tax: WithheldTax;
  /** 受渡金額: what a buy cost (amount + fee), what a sale pays out (amount − tax). */
  readonly delivery: bigint;
}

export function tradeReportFigures(order: Order, tax: WithheldTax): TradeReportFigures {
  if (order.executedUnits === null || order.executedAmount === null) {
    throw new Error(`Order ${order.id} has no executed figures to report`);
  }
  const side = orderSideOf(order.channel);
  const fee = 0n;
  const withheld = tax.incomeTax + tax.residentTax;
  return {
    side,
    units: order.executedUnits,
    amount: order.executedAmount,
    fee,
    tax,
    delivery: side === 'BUY' ? order.executedAmount + fee : order.executedAmount - withheld,
  };
}

const sideLabels = { BUY: '買付', SELL: '解約' } as const;

/** 「取引報告書（<略称> 買付 2026年11月27日約定）」 */
export function tradeReportTitle(fundShortName: string, side: 'BUY' | 'SELL', tradeDate: string): string {
  return `取引報告書（${fundShortName} ${sideLabels[side]} ${formatJapaneseDate(tradeDate)}約定）`;
}

export function tradeReportBody(input: {
  readonly order: Order;
  readonly figures: TradeReportFigures;
  readonly fund: { readonly name: string; readonly code: string };
  readonly addressee: { readonly name: string; readonly accountNumber: string };
  readonly issuedOn: string;
}): string {
  const { order, figures, fund } = input;
  const rows: DocumentRow[] = [
    ['取引の種類', formatOrderChannel(order.channel)],
    ['ファンド名', fund.name],
    ['ファンドコード', fund.code],
    ['預り区分', formatAccountType(order.accountType)],
    ['約定日', formatJapaneseDate(order.tradeDate)],
    ['受渡日', formatJapaneseDate(order.settlementDate)],
  ];
  if (order.executedNav !== null) rows.push(['基準価額（1万口あたり）', formatNavPer10k(order.executedNav)]);
  if (order.executedPrice !== null) {
    rows.push([
      figures.side === 'BUY' ? '約定単価（1万口あたり）' : '約定単価（解約価額・1万口あたり）',
      formatNavPer10k(order.executedPrice),
    ]);
  }
  rows.push(['約定口数', formatUnits(figures.units)], ['約定金額', formatYen(figures.amount)]);
  rows.push(['手数料（消費税込み）', formatYen(figures.fee)]);
  if (figures.side === 'SELL') {
    rows.push(
      ['源泉徴収税額（所得税及び復興特別所得税）', withheldTaxText(figures.tax.incomeTax)],
      ['源泉徴収税額（住民税）', withheldTaxText(figures.tax.residentTax)],
      ['源泉徴収税額（合計）', withheldTaxText(figures.tax.incomeTax + figures.tax.residentTax)],
    );
  }
  if (order.pointsUsed > 0n) {
    rows.push(['ポイント利用', `${formatPoints(order.pointsUsed)}（${formatYen(order.pointsValue)}分）`]);
  }
  rows.push([
    figures.side === 'BUY' ? '受渡金額（お支払い）' : '受渡金額（お受取り）',
    formatYen(figures.delivery),
  ]);
  return documentFragment({
    heading: '取引報告書',
    lead: '下記のとおりお取引が成立し、受渡が完了しましたのでご報告いたします。',
    issuedOn: formatJapaneseDate(input.issuedOn),
    addressee: input.addressee,
    sections: [rowTable(rows, 'document-rows trade-report-figures')],
  });
}

/**
 * Issues the 取引報告書 of a settled order in the caller's (the settlement's) transaction. Returns whether
 * it was written now (false: the order has its report already).
 */
export async function issueTradeReport(tx: Transaction, input: TradeReportInput): Promise<boolean> {
  const { order } = input;
  const addressee = await addresseeOf(tx, order.customerId);
  const fund = await fundNamesOf(tx, order.fundId);
  if (fund === undefined) throw new Error(`Order ${order.id}: no fund to name in its trade report`);
  const figures = tradeReportFigures(order, input.tax);
  return deliverDocument(tx, {
    customerId: order.customerId,
    kind: 'TRADE_REPORT',
    orderId: order.id,
    title: tradeReportTitle(fund.shortName, figures.side, order.tradeDate),
    issuedOn: input.issuedOn,
    body: tradeReportBody({
      order,
      figures,
      fund,
      addressee,
      issuedOn: input.issuedOn,
    }),
  });
}
