import { oidcPayloads, type Database } from '@fund/db';
import { and, eq, gt, isNull, or } from 'drizzle-orm';

/** Whether the grant (`kind`: `Grant`, or the operator provider's prefixed one) exists and has not ended. */
export async function grantExists(db: Database, kind: string, grantId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.kind, kind),
        eq(oidcPayloads.id, grantId),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
