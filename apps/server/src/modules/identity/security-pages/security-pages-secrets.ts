import { createHmac } from 'node:crypto';
import type { IdentityConfig } from '../../../config/identity-config.ts';
import type { SigningKeys } from '../../../plugins/signing-keys.plugin.ts';

/** The identity service's own client for its account pages (a confidential client on the server). */
export const securityPagesClientId = 'fund-account';
export const securityPagesCallbackPath = '/auth/v1/account/callback';

export interface SecurityPagesSecrets {
  /** The client secret of `fund-account` at the token endpoint. */
  readonly clientSecret: string;
  /** Signs the account pages' session cookie. */
  readonly cookieSecret: string;
}

/**
 * Derived like the provider's cookie keys: from OIDC_COOKIE_KEYS when configured, else from the private
 * signing key. Both sides (provider and pages) run in one process and derive the same value, so nothing
 * has to be configured or stored, and every process sharing the keys agrees.
 */
export function securityPagesSecrets(identity: IdentityConfig, keys: SigningKeys): SecurityPagesSecrets {
  const material =
    identity.cookieKeys === undefined
      ? JSON.stringify(keys.privateJwks.keys[0] ?? {})
      : identity.cookieKeys.join(' ');
  const derive = (label: string) => createHmac('sha256', material).update(label).digest('base64url');
  return {
    clientSecret: derive('fund-account client secret'),
    cookieSecret: derive('fund-account page session cookie'),
  };
}
