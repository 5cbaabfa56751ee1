import type { OrderView } from '@fund/contracts';

export interface BuyCashLine {
  readonly term: string;
  /** Whole yen, as a decimal string. */
  readonly amount: string;
}

/**
 * What a buy paid from お預り金 does with the cash, by the order's status (issue 25: a 受渡済 buy read
 * 「お預り金から確保中」 after the money was spent). Until 受渡 the money is set aside (確保中, the API's
 * `heldAmount`); from 受渡 it has been paid: the 約定金額 less the points' value (a 口数指定 buy's margin
 * went back to お預り金); a cancelled buy holds nothing (`heldAmount` "0").
 */
export function buyCashLine(order: OrderView): BuyCashLine | null {
  if (order.heldAmount === '0') return null;
  switch (order.status) {
    case 'ORDERED':
    case 'EXECUTED':
      return { term: 'お預り金から確保中', amount: order.heldAmount };
    case 'TRADED':
    case 'COMPLETED': {
      if (order.executedAmount === null) return null;
      const paid = BigInt(order.executedAmount) - BigInt(order.pointsValue);
      return { term: 'お預り金からお支払い済み', amount: (paid > 0n ? paid : 0n).toString() };
    }
    case 'CANCELED':
      return null;
  }
}
