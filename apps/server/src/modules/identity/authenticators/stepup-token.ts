import { createHash, randomBytes } from 'node:crypto';
import { oidcPayloads, type DatabaseExecutor } from '@fund/db';
import { and, eq, gt, isNull } from 'drizzle-orm';

/** `oidc_payloads.kind` of a passkey step-up token (no OIDC model uses it). */
export const stepUpTokenKind = 'StepUpToken';

/** How long a step-up token proves recent authentication (security.md 18). */
export const stepUpTokenLifetimeMilliseconds = 5 * 60_000;

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('base64url');

/**
 * Issues a step-up token for a customer who just verified one of their passkeys: 32 random bytes, only its
 * hash is stored, valid 5 minutes, bound to the customer, usable once.
 */
export async function issueStepUpToken(
  db: DatabaseExecutor,
  customerId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + stepUpTokenLifetimeMilliseconds);
  await db.insert(oidcPayloads).values({
    kind: stepUpTokenKind,
    id: hashOf(token),
    payload: { customerId },
    accountId: customerId,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Consumes a step-up token atomically (`UPDATE … WHERE consumed_at IS NULL`): true once for an unexpired
 * token of this customer, false for an unknown, used, expired or another customer's token.
 */
export async function consumeStepUpToken(
  db: DatabaseExecutor,
  customerId: string,
  token: string,
  now: Date,
): Promise<boolean> {
  const consumed = await db
    .update(oidcPayloads)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oidcPayloads.kind, stepUpTokenKind),
        eq(oidcPayloads.id, hashOf(token)),
        eq(oidcPayloads.accountId, customerId),
        isNull(oidcPayloads.consumedAt),
        gt(oidcPayloads.expiresAt, now),
      ),
    )
    .returning({ id: oidcPayloads.id });
  return consumed.length === 1;
}
