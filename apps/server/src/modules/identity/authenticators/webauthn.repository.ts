import {
  webauthnChallenges,
  webauthnCredentials,
  type DatabaseExecutor,
  type WebauthnCeremony,
  type WebauthnCredential,
} from '@fund/db';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';

export interface NewChallenge {
  readonly ceremony: WebauthnCeremony;
  readonly attemptId: string;
  readonly customerId: string | null;
  readonly challenge: string;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export async function insertChallenge(executor: DatabaseExecutor, challenge: NewChallenge): Promise<void> {
  await executor.insert(webauthnChallenges).values(challenge);
}

/**
 * Consumes the challenge the response signed, if it was issued for this ceremony and attempt and is
 * neither used nor expired. Atomic: a replayed or concurrent second use finds nothing.
 */
export async function consumeChallenge(
  executor: DatabaseExecutor,
  ceremony: WebauthnCeremony,
  attemptId: string,
  challenge: string,
  now: Date,
): Promise<{ customerId: string | null } | undefined> {
  const [row] = await executor
    .update(webauthnChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(webauthnChallenges.ceremony, ceremony),
        eq(webauthnChallenges.attemptId, attemptId),
        eq(webauthnChallenges.challenge, challenge),
        isNull(webauthnChallenges.consumedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ customerId: webauthnChallenges.customerId });
  return row;
}

export async function listCredentials(
  executor: DatabaseExecutor,
  customerId: string,
): Promise<WebauthnCredential[]> {
  return executor
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.customerId, customerId))
    .orderBy(asc(webauthnCredentials.createdAt));
}

export async function findCredentialByCredentialId(
  executor: DatabaseExecutor,
  credentialId: string,
): Promise<WebauthnCredential | undefined> {
  const [row] = await executor
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, credentialId));
  return row;
}

/** Whether a passkey is synced (`multiDevice`) or bound to one device (`singleDevice`); undefined when gone. */
export async function findPasskeyDeviceType(
  executor: DatabaseExecutor,
  passkeyId: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ deviceType: webauthnCredentials.deviceType })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.id, passkeyId));
  return row?.deviceType;
}

export type NewCredential = Omit<typeof webauthnCredentials.$inferInsert, 'id' | 'lastUsedAt'>;

/** Undefined when the authenticator's credential id is already registered (to anyone). */
export async function insertCredential(
  executor: DatabaseExecutor,
  credential: NewCredential,
): Promise<WebauthnCredential | undefined> {
  const [row] = await executor
    .insert(webauthnCredentials)
    .values(credential)
    .onConflictDoNothing({ target: webauthnCredentials.credentialId })
    .returning();
  return row;
}

/**
 * Stores the new signature counter only if it grew (or the authenticator keeps no counter, as synced
 * passkeys report 0): of two uses with one counter value only one passes, which catches a cloned key.
 */
export async function recordCredentialUse(
  executor: DatabaseExecutor,
  id: string,
  newCounter: number,
  backedUp: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(webauthnCredentials)
    .set({ counter: newCounter, backedUp, lastUsedAt: now })
    .where(
      and(
        eq(webauthnCredentials.id, id),
        newCounter === 0 ? eq(webauthnCredentials.counter, 0) : lt(webauthnCredentials.counter, newCounter),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  return rows.length > 0;
}

export async function deleteCredential(
  executor: DatabaseExecutor,
  customerId: string,
  id: string,
): Promise<WebauthnCredential | undefined> {
  const [row] = await executor
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.customerId, customerId), eq(webauthnCredentials.id, id)))
    .returning();
  return row;
}
