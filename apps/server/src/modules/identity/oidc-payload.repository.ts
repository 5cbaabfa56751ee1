import { oidcPayloads, type Database } from '@fund/db';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage adapter on our database (PGlite or PostgreSQL). One instance per model name.
 *
 * `consume` is the one operation where correctness depends on the database: the library checks
 * `consumed` and then consumes, so two requests presenting the same refresh token (or code) at the same
 * moment would both pass the check. The conditional UPDATE lets exactly one of them consume; the other
 * gets `invalid_grant` and issues nothing (security.md 5 and its library note).
 */
export class OidcPayloadAdapter implements Adapter {
  constructor(
    private readonly kind: string,
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn === undefined ? null : new Date(this.now().getTime() + expiresIn * 1000);
    const columns = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      accountId: payload.accountId ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ kind: this.kind, id, ...columns })
      .onConflictDoUpdate({ target: [oidcPayloads.kind, oidcPayloads.id], set: columns });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  async consume(id: string): Promise<void> {
    const consumed = await this.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id), isNull(oidcPayloads.consumedAt)))
      .returning({ id: oidcPayloads.id });
    if (consumed.length === 0) {
      throw new errors.InvalidGrant(`${this.kind} already used`);
    }
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, this.kind), eq(oidcPayloads.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.kind, this.kind),
          condition,
          or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, this.now())),
        ),
      )
      .limit(1);
    if (row === undefined) return undefined;
    return {
      ...(row.payload as AdapterPayload),
      ...(row.consumedAt === null ? {} : { consumed: Math.floor(row.consumedAt.getTime() / 1000) }),
    };
  }
}

/**
 * Ends everything the provider holds for an account: sessions, grants and every code and refresh token
 * issued under them (global sign-out). Access tokens are JWTs checked locally by the API, so they stay
 * valid until they expire (at most 10 minutes).
 */
export async function revokeEverythingOfAccount(db: Database, accountId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const grants = await tx
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.kind, 'Grant'), eq(oidcPayloads.accountId, accountId)));
    const grantIds = grants.map((grant) => grant.id);
    const deleted = await tx
      .delete(oidcPayloads)
      .where(
        or(
          eq(oidcPayloads.accountId, accountId),
          ...grantIds.map((grantId) => eq(oidcPayloads.grantId, grantId)),
        ),
      )
      .returning({ id: oidcPayloads.id });
    return deleted.length;
  });
}
