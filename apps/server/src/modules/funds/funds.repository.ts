import { fundNavs, funds, prospectusConfirmations, type DatabaseExecutor, type Fund } from '@fund/db';
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { findProspectusConfirmation } from '../../fund-catalogue/fund-catalogue.repository.ts';

export async function listFunds(db: DatabaseExecutor): Promise<Fund[]> {
  return db.select().from(funds).orderBy(asc(funds.code));
}

export interface NavPoint {
  readonly navDate: string;
  readonly nav: bigint;
}

/** The two newest NAVs of each fund on or before `today` (for the latest price and its day change). */
export async function latestTwoNavs(
  db: DatabaseExecutor,
  fundId: string,
  today: string,
): Promise<NavPoint[]> {
  return db
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), lte(fundNavs.navDate, today)))
    .orderBy(desc(fundNavs.navDate))
    .limit(2);
}

export async function navsBetween(
  db: DatabaseExecutor,
  fundId: string,
  from: string,
  to: string,
): Promise<NavPoint[]> {
  return db
    .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), gte(fundNavs.navDate, from), lte(fundNavs.navDate, to)))
    .orderBy(asc(fundNavs.navDate));
}

/** Records the confirmation; a second confirmation of the same version keeps the first time. */
export async function confirmProspectus(
  db: DatabaseExecutor,
  customerId: string,
  fundId: string,
  version: number,
  at: Date,
): Promise<Date> {
  await db
    .insert(prospectusConfirmations)
    .values({ customerId, fundId, version, confirmedAt: at })
    .onConflictDoNothing();
  const row = await findProspectusConfirmation(db, customerId, fundId, version);
  return row?.confirmedAt ?? at;
}
