import { createHash } from 'node:crypto';
import { oidcPayloads, type Database } from '@fund/db';
import { and, eq, gt } from 'drizzle-orm';

/**
 * Login hints live in the provider's storage table under a model name of their own (the provider never
 * reads it), so they work across processes and expire like its other short-lived entries. Only a
 * SHA-256 of the key is stored: whoever reads the table cannot redeem a hint.
 */
const loginHintKind = 'FundLoginHint';

function storedId(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

export async function storeLoginHint(
  db: Database,
  key: string,
  hint: { tenantId: string; accountNumber: string },
  expiresAt: Date,
): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values({ kind: loginHintKind, id: storedId(key), payload: { ...hint }, expiresAt });
}

/** Returns the hint and deletes it in one statement: a key works once, even under concurrent reads. */
export async function takeLoginHint(
  db: Database,
  key: string,
  now: Date,
): Promise<{ tenantId: string; accountNumber: string } | undefined> {
  const [row] = await db
    .delete(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.kind, loginHintKind),
        eq(oidcPayloads.id, storedId(key)),
        gt(oidcPayloads.expiresAt, now),
      ),
    )
    .returning({ payload: oidcPayloads.payload });
  if (row === undefined) return undefined;
  const { tenantId, accountNumber } = row.payload;
  return typeof tenantId === 'string' && typeof accountNumber === 'string'
    ? { tenantId, accountNumber }
    : undefined;
}
