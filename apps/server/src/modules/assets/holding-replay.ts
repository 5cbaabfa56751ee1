import {
  applyPrincipalRepayment,
  emptyHoldingPosition,
  replayMovement,
  type AccountType,
  type HoldingPosition,
  type IsoDate,
  type NavPer10k,
  type UnitMovement,
  type Units,
  type Yen,
} from '@fund/domain';
import { positionKey } from './assets-valuation.ts';
import type { PrincipalRepaymentRow, UnitTradeRow } from './holding-replay.repository.ts';

/** The units a trade moved, or none (a trade without units). */
function movementOf(trade: UnitTradeRow): UnitMovement | undefined {
  if (trade.units === null || trade.units <= 0n) return undefined;
  const incoming = trade.side === 'BUY' || trade.side === 'IN';
  return {
    direction: incoming ? 'IN' : 'OUT',
    units: trade.units as Units,
    pricePer10k: incoming && trade.type === 'FUND' ? (trade.pricePer10k as NavPer10k | null) : null,
    // a purchase's 簿価 is what it cost; an 入庫 joins at the 個別元本
    amount: incoming && trade.type === 'FUND' ? (trade.amount as Yen) : null,
  };
}

/** One change of a holding in a replay: its position after, and what it did to units and 簿価. */
export interface ReplayedChange {
  readonly accountType: AccountType;
  readonly fundId: string;
  readonly date: IsoDate;
  readonly position: HoldingPosition;
  /** Signed: + units in, − units out, 0 for a 元本払戻金. */
  readonly unitsChange: bigint;
  readonly bookValueChange: bigint;
}

/**
 * Replays the holdings from their settled trades and the 元本払戻金 of their distributions, in the order
 * the batch applied them (the distributions step runs after the orders' settlement and before what it
 * writes itself): a distribution paid on a day comes after that day's trades of orders and before the
 * trades written without one. So a past day's 個別元本 and 簿価 are what the holdings table had then.
 */
export function* replayHoldings(
  trades: readonly UnitTradeRow[],
  repayments: readonly PrincipalRepaymentRow[],
): Generator<ReplayedChange> {
  const positions = new Map<string, HoldingPosition>();
  let next = 0;
  function* repaymentsBefore(date: string, fromOrder: boolean): Generator<ReplayedChange> {
    for (; next < repayments.length; next += 1) {
      const repayment = repayments[next]!;
      if (repayment.paymentDate > date || (repayment.paymentDate === date && fromOrder)) return;
      const key = positionKey(repayment.accountType, repayment.fundId);
      const before = positions.get(key) ?? emptyHoldingPosition;
      const after = applyPrincipalRepayment(before, {
        accountType: repayment.accountType,
        basisAfterPer10k: repayment.basisAfterPer10k as Yen,
        principalRepayment: repayment.principalRepayment as Yen,
      });
      if (after === before) continue;
      positions.set(key, after);
      yield {
        accountType: repayment.accountType,
        fundId: repayment.fundId,
        date: repayment.paymentDate as IsoDate,
        position: after,
        unitsChange: 0n,
        bookValueChange: after.bookValue - before.bookValue,
      };
    }
  }
  for (const trade of trades) {
    yield* repaymentsBefore(trade.settlementDate, trade.fromOrder);
    const movement = movementOf(trade);
    if (movement === undefined || trade.accountType === null || trade.fundId === null) continue;
    const key = positionKey(trade.accountType, trade.fundId);
    const replayed = replayMovement(positions.get(key) ?? emptyHoldingPosition, movement);
    positions.set(key, replayed.position);
    yield {
      accountType: trade.accountType,
      fundId: trade.fundId,
      date: trade.settlementDate as IsoDate,
      position: replayed.position,
      unitsChange: movement.direction === 'IN' ? movement.units : -movement.units,
      bookValueChange: replayed.bookValueChange,
    };
  }
  yield* repaymentsBefore('9999-12-31', false);
}
