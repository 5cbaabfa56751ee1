import {
  customerAccounts,
  customers,
  holdings,
  inboundEvents,
  journalLines,
  orders,
  type Customer,
  type NewCustomer,
  type Transaction,
} from '@fund/db';
import type { AccountType } from '@fund/domain';
import { and, count, eq, gt, inArray, isNull, sum } from 'drizzle-orm';

/** The inbound account events' reads and writes, each in the one transaction that applies an event. */

/**
 * Records the event as applied in this transaction: `new` when it was not known, `resent` when the same
 * event (same body) was applied before, `conflict` when its id was used for another body.
 */
export async function claimInboundEvent(
  tx: Transaction,
  event: { eventId: string; type: string; bodyHash: string },
): Promise<'new' | 'resent' | 'conflict'> {
  const inserted = await tx
    .insert(inboundEvents)
    .values(event)
    .onConflictDoNothing({ target: inboundEvents.eventId })
    .returning({ eventId: inboundEvents.eventId });
  if (inserted.length > 0) return 'new';
  const [stored] = await tx
    .select({ bodyHash: inboundEvents.bodyHash })
    .from(inboundEvents)
    .where(eq(inboundEvents.eventId, event.eventId));
  return stored?.bodyHash === event.bodyHash ? 'resent' : 'conflict';
}

/** Names the customer an applied event concerned (for support's searches). */
export async function setInboundEventCustomer(tx: Transaction, eventId: string, customerId: string) {
  await tx.update(inboundEvents).set({ customerId }).where(eq(inboundEvents.eventId, eventId));
}

/** The customer of the 口座番号, locked for the event's changes. */
export async function lockCustomerByAccountNumber(
  tx: Transaction,
  accountNumber: string,
): Promise<Customer | undefined> {
  const [customer] = await tx
    .select()
    .from(customers)
    .where(eq(customers.accountNumber, accountNumber))
    .for('update');
  return customer;
}

export async function insertCustomer(tx: Transaction, row: NewCustomer): Promise<string> {
  const [inserted] = await tx.insert(customers).values(row).returning({ id: customers.id });
  return inserted!.id;
}

export async function updateCustomer(
  tx: Transaction,
  customerId: string,
  columns: Partial<NewCustomer>,
): Promise<void> {
  if (Object.keys(columns).length > 0)
    await tx.update(customers).set(columns).where(eq(customers.id, customerId));
}

/** Opens the accounts; one closed before is open again (its first opening date kept). */
export async function openAccounts(
  tx: Transaction,
  customerId: string,
  accounts: readonly { type: AccountType; openedOn: string }[],
): Promise<void> {
  for (const account of accounts) {
    await tx
      .insert(customerAccounts)
      .values({ customerId, accountType: account.type, openedOn: account.openedOn })
      .onConflictDoUpdate({
        target: [customerAccounts.customerId, customerAccounts.accountType],
        set: { closedOn: null },
      });
  }
}

/** Closes the customer's open accounts of `types` (all when omitted) on `closedOn`. */
export async function closeAccounts(
  tx: Transaction,
  customerId: string,
  closedOn: string,
  types?: readonly AccountType[],
): Promise<void> {
  await tx
    .update(customerAccounts)
    .set({ closedOn })
    .where(
      and(
        eq(customerAccounts.customerId, customerId),
        isNull(customerAccounts.closedOn),
        ...(types === undefined ? [] : [inArray(customerAccounts.accountType, [...types])]),
      ),
    );
}

/** What keeps accounts from closing (all of the customer's, or those of `types`): units held, orders not yet settled, お預り金. */
export async function remainingBusinessOf(
  tx: Transaction,
  customerId: string,
  types?: readonly AccountType[],
) {
  const [[held], [open], [cash]] = await Promise.all([
    tx
      .select({ count: count() })
      .from(holdings)
      .where(
        and(
          eq(holdings.customerId, customerId),
          gt(holdings.units, 0n),
          ...(types === undefined ? [] : [inArray(holdings.accountType, [...types])]),
        ),
      ),
    tx
      .select({ count: count() })
      .from(orders)
      .where(
        and(
          eq(orders.customerId, customerId),
          inArray(orders.status, ['ORDERED', 'EXECUTED']),
          ...(types === undefined ? [] : [inArray(orders.accountType, [...types])]),
        ),
      ),
    tx
      .select({ total: sum(journalLines.amount) })
      .from(journalLines)
      .where(and(eq(journalLines.customerId, customerId), eq(journalLines.account, 'customer_cash'))),
  ]);
  return {
    holdings: held?.count ?? 0,
    openOrders: open?.count ?? 0,
    // the cash account is a liability: its balance is the credits, stored as negative amounts
    cash: cash?.total === null || cash?.total === undefined ? 0n : -BigInt(cash.total),
  };
}
