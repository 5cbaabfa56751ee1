import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@fund/db';
import { OidcPayloadAdapter } from '../oidc-payload.repository.ts';

/** Idle expiry of an account-page session: every request it serves extends it by this much. */
export const securityPageIdleSeconds = 30 * 60;

export interface SecurityPageSession {
  readonly id: string;
  readonly customerId: string;
  /** The provider's grant of the `fund-account` client: ending it (sessions page) ends this session too. */
  readonly grantId: string;
  readonly csrfToken: string;
}

/**
 * Security-page sessions live beside the provider's own records (oidc_payloads, kind AccountPageSession:
 * the stored name, kept from before these pages were called security pages)
 * with the grant id in its column: ending the grant (one session or global sign-out) deletes the page
 * session in the same statement, so no second table and no separate clean-up are needed.
 */
export class SecurityPageSessions {
  readonly #store: OidcPayloadAdapter;

  constructor(db: Database) {
    // The provider's adapter keeps time with Date.now(); these records expire in the same time base.
    this.#store = new OidcPayloadAdapter('AccountPageSession', db, () => new Date());
  }

  async create(customerId: string, grantId: string): Promise<SecurityPageSession> {
    const session = {
      id: randomBytes(32).toString('base64url'),
      customerId,
      grantId,
      csrfToken: randomBytes(32).toString('base64url'),
    };
    await this.#save(session);
    return session;
  }

  /** The live session with this id, its idle expiry extended; undefined when unknown or expired. */
  async touch(id: string): Promise<SecurityPageSession | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    const payload = await this.#store.find(id);
    if (payload === undefined) return undefined;
    const { customerId, grantId, csrfToken } = payload as Record<string, unknown>;
    if (typeof customerId !== 'string' || typeof grantId !== 'string' || typeof csrfToken !== 'string') {
      return undefined;
    }
    const session = { id, customerId, grantId, csrfToken };
    await this.#save(session);
    return session;
  }

  async end(id: string): Promise<void> {
    await this.#store.destroy(id);
  }

  async #save(session: SecurityPageSession): Promise<void> {
    await this.#store.upsert(
      session.id,
      {
        customerId: session.customerId,
        grantId: session.grantId,
        accountId: session.customerId,
        csrfToken: session.csrfToken,
      },
      securityPageIdleSeconds,
    );
  }
}

export function csrfTokenMatches(session: SecurityPageSession, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(session.csrfToken);
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
