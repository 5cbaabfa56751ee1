import { oidcPayloads, type Database } from '@fund/db';
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';

/**
 * A customer's "session" as the web app sees it: one grant of the OpenID provider, under which the
 * refresh tokens of one signed-in app live. Ending it deletes the grant and everything issued under it.
 */
export interface AccountSession {
  readonly id: string;
  readonly clientId: string;
  readonly createdAt: Date | null;
  readonly lastUsedAt: Date | null;
}

function epochSeconds(value: unknown): Date | null {
  return typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
}

export async function listAccountSessions(
  db: Database,
  accountId: string,
  now: Date,
): Promise<AccountSession[]> {
  const grants = await db
    .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.kind, 'Grant'),
        eq(oidcPayloads.accountId, accountId),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
      ),
    );
  if (grants.length === 0) return [];
  const issued = await db
    .select({ grantId: oidcPayloads.grantId, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(
      and(
        inArray(
          oidcPayloads.grantId,
          grants.map((grant) => grant.id),
        ),
        inArray(oidcPayloads.kind, ['RefreshToken', 'AuthorizationCode']),
      ),
    );
  const lastUse = new Map<string, number>();
  for (const row of issued) {
    const iat = row.payload['iat'];
    if (row.grantId === null || typeof iat !== 'number') continue;
    lastUse.set(row.grantId, Math.max(lastUse.get(row.grantId) ?? 0, iat));
  }
  return grants
    .map((grant) => ({
      id: grant.id,
      clientId: String(grant.payload['clientId'] ?? ''),
      createdAt: epochSeconds(grant.payload['iat']),
      lastUsedAt: epochSeconds(lastUse.get(grant.id)),
    }))
    .sort((a, b) => (b.lastUsedAt?.getTime() ?? 0) - (a.lastUsedAt?.getTime() ?? 0));
}

/**
 * Ends one session (grant) of the account and every code and refresh token issued under it. False when
 * the account has no such grant (another customer's, or already ended): nothing is deleted then.
 */
export async function revokeAccountSession(
  db: Database,
  accountId: string,
  grantId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const owned = await tx
      .delete(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.kind, 'Grant'),
          eq(oidcPayloads.id, grantId),
          eq(oidcPayloads.accountId, accountId),
        ),
      )
      .returning({ id: oidcPayloads.id });
    if (owned.length === 0) return false;
    await tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    return true;
  });
}
