import { fundNavs, funds, type Database, type Transaction } from '@fund/db';
import { and, eq, inArray } from 'drizzle-orm';

/** The ids of the funds of `codes` that exist, by code. */
export async function fundIdsByCode(db: Database, codes: readonly string[]): Promise<Map<string, string>> {
  const known =
    codes.length === 0
      ? []
      : await db
          .select({ id: funds.id, code: funds.code })
          .from(funds)
          .where(inArray(funds.code, [...codes]));
  return new Map(known.map((row) => [row.code, row.id]));
}

/** The NAV stored for the fund and date, undefined when none is. */
export async function storedNav(
  tx: Transaction,
  fundId: string,
  navDate: string,
): Promise<bigint | undefined> {
  const [stored] = await tx
    .select({ nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), eq(fundNavs.navDate, navDate)));
  return stored?.nav;
}

export async function insertNav(
  tx: Transaction,
  fundId: string,
  navDate: string,
  nav: bigint,
): Promise<void> {
  await tx.insert(fundNavs).values({ fundId, navDate, nav });
}
