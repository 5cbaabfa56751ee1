import { nisaUsage, type Database, type Transaction } from '@fund/db';
import { and, eq, gt, sum } from 'drizzle-orm';

/** The customers whose NISA sales of `year` freed some 簿価. */
export async function customersWithFreedNisaRoom(db: Database, year: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: nisaUsage.customerId })
    .from(nisaUsage)
    .where(and(eq(nisaUsage.year, year), gt(nisaUsage.freed, 0n)));
  return rows.map((row) => row.customerId);
}

/** The 簿価 the customer's NISA sales of `year` freed, over both buckets. */
export async function freedNisaBookValue(tx: Transaction, customerId: string, year: number): Promise<bigint> {
  const [row] = await tx
    .select({ freed: sum(nisaUsage.freed) })
    .from(nisaUsage)
    .where(and(eq(nisaUsage.customerId, customerId), eq(nisaUsage.year, year)));
  return BigInt(row?.freed ?? '0');
}
