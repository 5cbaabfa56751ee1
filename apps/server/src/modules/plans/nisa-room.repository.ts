import { nisaUsage, type DatabaseExecutor } from '@fund/db';
import type { NisaUsage, NisaYearAmounts, Yen } from '@fund/domain';
import { eq } from 'drizzle-orm';

/** The customer's 2024 NISA use (`nisa_usage`): purchases and freed book value by 受渡日 year and bucket. */
export async function nisaUsageOfCustomer(db: DatabaseExecutor, customerId: string): Promise<NisaUsage> {
  const rows = await db.select().from(nisaUsage).where(eq(nisaUsage.customerId, customerId));
  const years = [...new Set(rows.map((row) => row.year))].sort((a, b) => a - b);
  const yearOf = (year: number, column: 'purchased' | 'freed'): NisaYearAmounts => {
    const of = (bucket: string) =>
      (rows.find((row) => row.year === year && row.bucket === bucket)?.[column] ?? 0n) as Yen;
    return { year, tsumitate: of('tsumitate'), growth: of('growth') };
  };
  return {
    purchases: years.map((year) => yearOf(year, 'purchased')),
    sales: years.map((year) => yearOf(year, 'freed')),
  };
}
