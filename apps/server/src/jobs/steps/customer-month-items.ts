import type { YearMonth } from '@fund/domain';
import { monthKey } from '../batch-data.ts';

/**
 * The items of the recurring steps (debits and orders), `<customer id>:<yyyy-mm>`: one customer's plans for
 * one month, taken together.
 */
export function customerMonthItem(customerId: string, month: YearMonth): string {
  return `${customerId}:${monthKey(month)}`;
}

export function parseCustomerMonthItem(itemId: string): { customerId: string; month: YearMonth } {
  const [customerId = '', monthText = ''] = itemId.split(':');
  return { customerId, month: { year: Number(monthText.slice(0, 4)), month: Number(monthText.slice(5, 7)) } };
}

/** A month's items of a chunk, for the set-based paths' statements over all of its customers at once. */
export interface MonthOfItems {
  readonly month: YearMonth;
  readonly items: { itemId: string; customerId: string }[];
}

/**
 * A chunk's items by month, in the order the months first come. A customer with two months due the same
 * day (a rare roll-over) is left out, to the per-item path, which takes the months one after the other.
 */
export function chunkItemsByMonth(itemIds: readonly string[]): MonthOfItems[] {
  const byMonth = new Map<string, MonthOfItems>();
  const customerCount = new Map<string, number>();
  for (const itemId of itemIds) {
    const { customerId } = parseCustomerMonthItem(itemId);
    customerCount.set(customerId, (customerCount.get(customerId) ?? 0) + 1);
  }
  for (const itemId of itemIds) {
    const { customerId, month } = parseCustomerMonthItem(itemId);
    if (customerCount.get(customerId) !== 1) continue;
    const key = monthKey(month);
    const group = byMonth.get(key) ?? { month, items: [] };
    group.items.push({ itemId, customerId });
    byMonth.set(key, group);
  }
  return [...byMonth.values()];
}
