import {
  deliveredDocuments,
  journalEntries,
  journalLines,
  orders,
  trades,
  type DatabaseExecutor,
  type DeliveredDocumentKind,
} from '@fund/db';
import { and, between, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';

/** Who gets the periodic 電子交付書面 the batch issues (decision 017, "Issued by the batch"). */

/** A specific-account sale (解約, 定期売却) that settled in `year`: what the annual report lists. */
export function specificAccountSaleSettledIn(year: number): SQL {
  return and(
    eq(orders.accountType, 'specific'),
    inArray(orders.channel, ['SELL', 'SCHEDULEDSELL']),
    inArray(orders.status, ['TRADED', 'COMPLETED']),
    between(orders.settlementDate, `${year}-01-01`, `${year}-12-31`),
  )!;
}

/** Customers with a trade settled from `from` to `until` (inclusive): units, cash or tax moved. */
export async function customersWithTradesSettledBetween(
  db: DatabaseExecutor,
  from: string,
  until: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: trades.customerId })
    .from(trades)
    .where(between(trades.settlementDate, from, until));
  return rows.map((row) => row.customerId);
}

/**
 * Customers holding something at the end of `asOf`: units of a fund (settled trades up to then, as the
 * balance report counts them) or money (お預り金, 受渡待ち) in the ledger.
 */
export async function customersHoldingAt(db: DatabaseExecutor, asOf: string): Promise<string[]> {
  const unitHolders = await db
    .selectDistinct({ customerId: trades.customerId })
    .from(trades)
    .where(and(inArray(trades.type, ['FUND', 'SHIP_RECEIPT']), lte(trades.settlementDate, asOf)))
    .groupBy(trades.customerId, trades.accountType, trades.fundId)
    .having(
      sql`sum(CASE WHEN ${trades.side} IN ('BUY', 'IN') THEN ${trades.units} ELSE -${trades.units} END) > 0`,
    );
  const cashHolders = await db
    .selectDistinct({ customerId: journalLines.customerId })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        inArray(journalLines.account, ['customer_cash', 'customer_unsettled']),
        lte(journalEntries.businessDate, asOf),
      ),
    )
    .groupBy(journalLines.customerId, journalLines.account)
    .having(sql`-sum(${journalLines.amount}) > 0`);
  return [
    ...new Set([
      ...unitHolders.map((row) => row.customerId),
      ...cashHolders.flatMap((row) => (row.customerId === null ? [] : [row.customerId])),
    ]),
  ];
}

/** Customers with a specific-account sale settled in `year`. */
export async function customersWithSpecificAccountSalesIn(
  db: DatabaseExecutor,
  year: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: orders.customerId })
    .from(orders)
    .where(specificAccountSaleSettledIn(year));
  return rows.map((row) => row.customerId);
}

/** Whether the customer already has a document of this kind and title (issued by the batch or the demo). */
export async function hasDocument(
  db: DatabaseExecutor,
  customerId: string,
  kind: DeliveredDocumentKind,
  title: string,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: deliveredDocuments.id })
    .from(deliveredDocuments)
    .where(
      and(
        eq(deliveredDocuments.customerId, customerId),
        eq(deliveredDocuments.kind, kind),
        eq(deliveredDocuments.title, title),
      ),
    )
    .limit(1);
  return existing !== undefined;
}
