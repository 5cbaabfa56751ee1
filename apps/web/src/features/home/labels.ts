import type { OrderView } from '@fund/contracts';

export function isBuy(order: OrderView): boolean {
  return order.channel === 'BUY' || order.channel === 'TSUMITATE';
}
