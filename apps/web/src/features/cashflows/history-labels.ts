import type { Trades } from '@fund/contracts';

type Trade = Trades['trades'][number];

// The words Japanese fund sellers use on a history screen (spec §3 enums).

export const tradeTypeLabels: Record<Trade['type'] | 'ALL', string> = {
  ALL: 'すべて',
  FUND: '投資信託',
  EQUITY: '株式',
  CASH_TRANSFER: '入出金',
  CAPITAL_GAIN: '譲渡益税',
  SHIP_RECEIPT: '入出庫',
};

/** What happened in a trade: 買付 / 解約 for funds, 入金 / 出金 for cash, 徴収 / 還付 for the tax. */
export function tradeSideLabel(trade: Pick<Trade, 'type' | 'side'>): string {
  switch (trade.type) {
    case 'FUND':
      return trade.side === 'BUY'
        ? '買付'
        : trade.side === 'SELL'
          ? '解約'
          : trade.side === 'IN'
            ? '入庫'
            : '出庫';
    case 'EQUITY':
      return trade.side === 'BUY'
        ? '買付'
        : trade.side === 'SELL'
          ? '売却'
          : trade.side === 'IN'
            ? '入庫'
            : '出庫';
    case 'CASH_TRANSFER':
      return trade.side === 'IN' || trade.side === 'BUY' ? '入金' : '出金';
    case 'CAPITAL_GAIN':
      return trade.side === 'IN' ? '還付' : '徴収';
    case 'SHIP_RECEIPT':
      return trade.side === 'IN' || trade.side === 'BUY' ? '入庫' : '出庫';
  }
}
