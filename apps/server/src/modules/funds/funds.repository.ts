import {
  fundNavs,
  fundProspectuses,
  funds,
  prospectusConfirmations,
  type DatabaseExecutor,
  type Fund,
} from '@fund/db';
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';

export async function listFunds(db: DatabaseExecutor): Promise<Fund[]> {
  return db.select().from(funds).orderBy(asc(funds.code));
}

export async function findFund(db: DatabaseExecutor, code: string): Promise<Fund | undefined> {
  const [row] = await db.select().from(funds).where(eq(funds.code, code)).limit(1);
  return row;
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

export interface ProspectusRow {
  readonly version: number;
  readonly effectiveOn: string;
  readonly documentUrl: string;
}

/** The version in force on `on`: the highest whose effective date has come. */
export async function currentProspectusOf(
  db: DatabaseExecutor,
  fundId: string,
  on: string,
): Promise<ProspectusRow | undefined> {
  const [row] = await db
    .select({
      version: fundProspectuses.version,
      effectiveOn: fundProspectuses.effectiveOn,
      documentUrl: fundProspectuses.documentUrl,
    })
    .from(fundProspectuses)
    .where(and(eq(fundProspectuses.fundId, fundId), lte(fundProspectuses.effectiveOn, on)))
    .orderBy(desc(fundProspectuses.version))
    .limit(1);
  return row;
}

export async function findConfirmation(
  db: DatabaseExecutor,
  customerId: string,
  fundId: string,
  version: number,
): Promise<{ confirmedAt: Date } | undefined> {
  const [row] = await db
    .select({ confirmedAt: prospectusConfirmations.confirmedAt })
    .from(prospectusConfirmations)
    .where(
      and(
        eq(prospectusConfirmations.customerId, customerId),
        eq(prospectusConfirmations.fundId, fundId),
        eq(prospectusConfirmations.version, version),
      ),
    );
  return row;
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
  const row = await findConfirmation(db, customerId, fundId, version);
  return row?.confirmedAt ?? at;
}
