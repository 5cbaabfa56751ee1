import { fundProspectuses, funds, prospectusConfirmations, type DatabaseExecutor, type Fund } from '@fund/db';
import { and, desc, eq, lte } from 'drizzle-orm';

// Reads of the fund catalogue that several modules need (the funds API shows them, order placement checks
// them); here once, because modules must not import each other.

export async function findFundByCode(db: DatabaseExecutor, code: string): Promise<Fund | undefined> {
  const [row] = await db.select().from(funds).where(eq(funds.code, code)).limit(1);
  return row;
}

/** 交付目論見書: one version of a fund's prospectus. */
export interface CurrentProspectus {
  readonly version: number;
  readonly effectiveOn: string;
  readonly documentUrl: string;
}

/** The prospectus version in force on `on` (JST date): the highest version whose effective date has come. */
export async function currentProspectus(
  db: DatabaseExecutor,
  fundId: string,
  on: string,
): Promise<CurrentProspectus | undefined> {
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

/** When the customer confirmed that version of the fund's prospectus; undefined if never. */
export async function findProspectusConfirmation(
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
    )
    .limit(1);
  return row;
}

/** The latest version of the fund's prospectus the customer confirmed; undefined if none. */
export async function latestConfirmedProspectusVersion(
  db: DatabaseExecutor,
  customerId: string,
  fundId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ version: prospectusConfirmations.version })
    .from(prospectusConfirmations)
    .where(
      and(eq(prospectusConfirmations.customerId, customerId), eq(prospectusConfirmations.fundId, fundId)),
    )
    .orderBy(desc(prospectusConfirmations.version))
    .limit(1);
  return row?.version;
}
