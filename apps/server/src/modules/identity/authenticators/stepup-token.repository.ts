import { oidcPayloads, type DatabaseExecutor } from '@fund/db';
import { and, eq, gt, isNull } from 'drizzle-orm';

/** `oidc_payloads.kind` of a passkey step-up token (no OIDC model uses it). */
export const stepUpTokenKind = 'StepUpToken';

/** Stores a step-up token by its hash only, bound to the customer until `expiresAt`. */
export async function insertStepUpToken(
  db: DatabaseExecutor,
  token: { hash: string; customerId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oidcPayloads).values({
    kind: stepUpTokenKind,
    id: token.hash,
    payload: { customerId: token.customerId },
    accountId: token.customerId,
    expiresAt: token.expiresAt,
  });
}

/**
 * Marks the token consumed atomically (`UPDATE … WHERE consumed_at IS NULL`): true once for an unexpired
 * token of this customer, false for an unknown, used, expired or another customer's token.
 */
export async function consumeStepUpTokenHash(
  db: DatabaseExecutor,
  customerId: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const consumed = await db
    .update(oidcPayloads)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oidcPayloads.kind, stepUpTokenKind),
        eq(oidcPayloads.id, hash),
        eq(oidcPayloads.accountId, customerId),
        isNull(oidcPayloads.consumedAt),
        gt(oidcPayloads.expiresAt, now),
      ),
    )
    .returning({ id: oidcPayloads.id });
  return consumed.length === 1;
}
