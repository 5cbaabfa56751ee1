import { informationReads, informations, type DatabaseExecutor, type InformationCategory } from '@fund/db';
import { and, count, desc, eq, isNull, lte, or, type SQL } from 'drizzle-orm';

// What a customer may see: published by `now`, for everyone or for this customer. Another customer's
// notice is never found, so the routes answer 404 for it (security.md 23). The badges count the same
// notices without a read row of the customer (one anti-join).

function visibleTo(customerId: string, now: Date): SQL | undefined {
  return and(
    or(isNull(informations.customerId), eq(informations.customerId, customerId)),
    lte(informations.publishedAt, now),
  );
}

/** The customer's own read row joins each notice: `read` is whether there is one. */
function readRowOf(customerId: string): SQL | undefined {
  return and(
    eq(informationReads.informationId, informations.id),
    eq(informationReads.customerId, customerId),
  );
}

export interface InformationRow {
  readonly id: string;
  readonly category: InformationCategory;
  readonly title: string;
  readonly publishedAt: Date;
  readonly readAt: Date | null;
}

export interface InformationPageFilter {
  readonly category?: InformationCategory | undefined;
  readonly page: number;
  readonly pageSize: number;
}

/** A page of the customer's notices, newest first (ties by id, so pages never overlap), and the total. */
export async function pageInformations(
  db: DatabaseExecutor,
  customerId: string,
  now: Date,
  filter: InformationPageFilter,
): Promise<{ rows: InformationRow[]; total: number }> {
  const where = and(
    visibleTo(customerId, now),
    filter.category === undefined ? undefined : eq(informations.category, filter.category),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: informations.id,
        category: informations.category,
        title: informations.title,
        publishedAt: informations.publishedAt,
        readAt: informationReads.readAt,
      })
      .from(informations)
      .leftJoin(informationReads, readRowOf(customerId))
      .where(where)
      .orderBy(desc(informations.publishedAt), desc(informations.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(informations).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** One notice the customer may see, with its body; undefined for another customer's or a future one. */
export async function findInformation(
  db: DatabaseExecutor,
  customerId: string,
  id: string,
  now: Date,
): Promise<(InformationRow & { readonly body: string }) | undefined> {
  const [row] = await db
    .select({
      id: informations.id,
      category: informations.category,
      title: informations.title,
      body: informations.body,
      publishedAt: informations.publishedAt,
      readAt: informationReads.readAt,
    })
    .from(informations)
    .leftJoin(informationReads, readRowOf(customerId))
    .where(and(eq(informations.id, id), visibleTo(customerId, now)))
    .limit(1);
  return row;
}

/**
 * Marks a notice read for the customer if the customer may see it; idempotent (the first read time is
 * kept). Returns the read time, or undefined when the notice is not the customer's to read.
 */
export async function markInformationRead(
  db: DatabaseExecutor,
  customerId: string,
  id: string,
  now: Date,
): Promise<Date | undefined> {
  const notice = await findInformation(db, customerId, id, now);
  if (notice === undefined) return undefined;
  if (notice.readAt !== null) return notice.readAt;
  // a concurrent first read wins the primary key; this call then answers with its time
  const [inserted] = await db
    .insert(informationReads)
    .values({ customerId, informationId: id, readAt: now })
    .onConflictDoNothing()
    .returning({ readAt: informationReads.readAt });
  if (inserted !== undefined) return inserted.readAt;
  return (await findInformation(db, customerId, id, now))?.readAt ?? now;
}

/** Unread notices of each category for the customer (what the two badges count). */
export async function countUnreadByCategory(
  db: DatabaseExecutor,
  customerId: string,
  now: Date,
): Promise<Record<InformationCategory, number>> {
  const rows = await db
    .select({ category: informations.category, unread: count() })
    .from(informations)
    .leftJoin(informationReads, readRowOf(customerId))
    .where(and(visibleTo(customerId, now), isNull(informationReads.informationId)))
    .groupBy(informations.category);
  const counts: Record<InformationCategory, number> = { important: 0, others: 0 };
  for (const row of rows) counts[row.category] = row.unread;
  return counts;
}
