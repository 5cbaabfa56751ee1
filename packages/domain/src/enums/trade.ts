import { isOneOf } from './enum-values.ts';

/**
 * Filter of the trade history (spec §3): everything, fund trades, equity, cash transfers, capital gains
 * tax (譲渡益税) and deposits or withdrawals of holdings (入出庫).
 */
export const tradeTypeValues = [
  'ALL',
  'FUND',
  'EQUITY',
  'CASH_TRANSFER',
  'CAPITAL_GAIN',
  'SHIP_RECEIPT',
] as const;
export type TradeType = (typeof tradeTypeValues)[number];
export const isTradeType = (value: unknown): value is TradeType => isOneOf(tradeTypeValues, value);

/** Direction of a cash movement: 入金 or 出金. */
export const cashflowTypeValues = ['deposit', 'withdraw'] as const;
export type CashflowType = (typeof cashflowTypeValues)[number];
export const isCashflowType = (value: unknown): value is CashflowType => isOneOf(cashflowTypeValues, value);

/**
 * Kind of the customer's bank account: 普通預金 or 当座預金. Also the 預金種目 of the account 口座振替 debits: a
 * 貯蓄預金 cannot be debited by 口座振替 at Japanese banks, so no third kind is needed there.
 */
export const depositTypeValues = ['ORDINARY', 'CURRENT'] as const;
export type DepositType = (typeof depositTypeValues)[number];
export const isDepositType = (value: unknown): value is DepositType => isOneOf(depositTypeValues, value);
