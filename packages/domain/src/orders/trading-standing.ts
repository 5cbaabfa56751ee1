/**
 * Whether a customer's account state lets them trade at all (spec §2, §8; issue 13): only an OPEN
 * securities account (status.equity) that the trading system has not locked (user status 400-100) may
 * place orders, set up or resume standing instructions (積立, 定期売却, 毎月の入金), or have the batch
 * execute them. A closed account (CLOSE) and one not opened yet (NONE) only read; a locked one neither
 * trades nor is traded for. Stopping and cancelling stay allowed: they only take exposure away.
 */
export const equityStatusTypeValues = ['OPEN', 'CLOSE', 'NONE'] as const;
export type EquityStatusType = (typeof equityStatusTypeValues)[number];

export interface TradingStanding {
  readonly equityStatus: EquityStatusType;
  readonly locked: boolean;
}

export type TradingStandingRefusal = 'account-not-opened' | 'account-closed' | 'account-locked';

/** The reason the customer may not trade, or undefined when they may. Closed and unopened come first. */
export function tradingStandingRefusal(standing: TradingStanding): TradingStandingRefusal | undefined {
  if (standing.equityStatus === 'NONE') return 'account-not-opened';
  if (standing.equityStatus === 'CLOSE') return 'account-closed';
  if (standing.locked) return 'account-locked';
  return undefined;
}
