import {
  accountTransferAccounts,
  customers,
  linkedCards,
  pendingCardLinks,
  pointBalances,
  type AccountTransferAccountRow,
  type DatabaseExecutor,
  type LinkedCard,
} from '@fund/db';
import { and, eq, gt } from 'drizzle-orm';
import type { TradingStanding } from '@fund/domain';
import type { IssuerCard } from './card-issuer-client.ts';

/** The account state that decides whether the customer may trade (domain `tradingStandingRefusal`). */
export async function findTradingStanding(
  db: DatabaseExecutor,
  customerId: string,
): Promise<TradingStanding | undefined> {
  const [row] = await db
    .select({ equityStatus: customers.equityStatus, locked: customers.locked })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
}

export async function findLinkedCard(
  db: DatabaseExecutor,
  customerId: string,
): Promise<LinkedCard | undefined> {
  const [row] = await db.select().from(linkedCards).where(eq(linkedCards.customerId, customerId)).limit(1);
  return row;
}

/** Links the card, or replaces the card on file (再登録): one card per customer. */
export async function saveLinkedCard(
  db: DatabaseExecutor,
  customerId: string,
  card: IssuerCard,
  linkedOn: string,
): Promise<LinkedCard> {
  const values = {
    issuerSubject: card.subject,
    cardName: card.cardName,
    last4: card.last4,
    expiry: card.expiry,
    state: card.pointsCard ? ('ACTIVE' as const) : ('NOT_POINTS_CARD' as const),
    pointsEarning: card.pointsCard,
    linkedOn,
  };
  const [row] = await db
    .insert(linkedCards)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: linkedCards.customerId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function savePendingLink(
  db: DatabaseExecutor,
  customerId: string,
  onetimeToken: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(pendingCardLinks).values({ onetimeToken, customerId, expiresAt });
}

/**
 * Takes the customer's pending link of this onetime token (deleting it: a token finishes one link);
 * false when there is none, it expired, or it is another customer's.
 */
export async function takePendingLink(
  db: DatabaseExecutor,
  customerId: string,
  onetimeToken: string,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .delete(pendingCardLinks)
    .where(and(eq(pendingCardLinks.onetimeToken, onetimeToken), eq(pendingCardLinks.customerId, customerId)))
    .returning({ expiresAt: pendingCardLinks.expiresAt });
  return taken.length > 0 && taken[0]!.expiresAt > now;
}

/** Whether the customer has a pending link of this onetime token that has not expired (no change). */
export async function hasPendingLink(
  db: DatabaseExecutor,
  customerId: string,
  onetimeToken: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ token: pendingCardLinks.onetimeToken })
    .from(pendingCardLinks)
    .where(
      and(
        eq(pendingCardLinks.onetimeToken, onetimeToken),
        eq(pendingCardLinks.customerId, customerId),
        gt(pendingCardLinks.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findAccountTransferAccount(
  db: DatabaseExecutor,
  customerId: string,
): Promise<AccountTransferAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTransferAccounts)
    .where(eq(accountTransferAccounts.customerId, customerId))
    .limit(1);
  return row;
}

/** The customer's point balance (kept by the points ledger's trigger); 0 when no point ever moved. */
export async function pointBalanceOf(db: DatabaseExecutor, customerId: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: pointBalances.balance })
    .from(pointBalances)
    .where(eq(pointBalances.customerId, customerId))
    .limit(1);
  return row?.balance ?? 0n;
}
