import { informationReads, informations, type DatabaseExecutor, type InformationCategory } from '@fund/db';
import { and, count, eq, isNull, lte, or } from 'drizzle-orm';

/**
 * Unread notices of one category for a customer: published by `now`, for everyone or for this customer,
 * and without a read row of this customer (one anti-join).
 */
export async function countUnread(
  db: DatabaseExecutor,
  customerId: string,
  category: InformationCategory,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(informations)
    .leftJoin(
      informationReads,
      and(eq(informationReads.informationId, informations.id), eq(informationReads.customerId, customerId)),
    )
    .where(
      and(
        eq(informations.category, category),
        or(isNull(informations.customerId), eq(informations.customerId, customerId)),
        lte(informations.publishedAt, now),
        isNull(informationReads.informationId),
      ),
    );
  return row?.unread ?? 0;
}
