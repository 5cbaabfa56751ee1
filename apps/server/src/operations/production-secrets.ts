import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * The secrets production refuses to start without (docs/deployment.md), made in the format each setting
 * expects: the OpenID providers' signing key set (ES256, as the development key), the cookie keys, the
 * MFA encryption key, the partner hash key and the keys of the fund feed and the partners' inbound calls. Every value is new randomness from the operating system.
 */
export async function productionSecrets(): Promise<Record<string, string>> {
  return {
    OIDC_JWKS: JSON.stringify({ keys: [await newSigningKey()] }),
    OIDC_COOKIE_KEYS: newCookieKey(),
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PARTNER_HASH_KEY: randomBytes(32).toString('base64'),
    FUND_FEED_KEYS: randomBytes(32).toString('base64url'),
    PARTNER_INBOUND_KEYS: randomBytes(32).toString('base64url'),
  };
}

/** A private ES256 signing key with an id naming when it was made (the kid in every token's header). */
export async function newSigningKey(now: Date = new Date()): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const made = now.toISOString().slice(0, 10);
  return {
    ...(await exportJWK(privateKey)),
    alg: 'ES256',
    use: 'sig',
    kid: `sig-${made}-${randomUUID().slice(0, 8)}`,
  };
}

export function newCookieKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Key rotation, first step: a new signing key first in the set (it signs every new token), the current
 * keys after it (they still verify the tokens already handed out until those expire).
 */
export async function withNewSigningKey(current: { keys: JWK[] }, now?: Date): Promise<{ keys: JWK[] }> {
  return { keys: [await newSigningKey(now), ...current.keys] };
}

/** Key rotation, last step: the set without the key `kid`; refused for the signing (first) or last key. */
export function withoutSigningKey(current: { keys: JWK[] }, kid: string): { keys: JWK[] } {
  const index = current.keys.findIndex((key) => key.kid === kid);
  if (index < 0) throw new Error(`No key with kid ${kid} in OIDC_JWKS.`);
  if (index === 0) throw new Error(`${kid} is the signing key (first in OIDC_JWKS); add a new key first.`);
  return { keys: current.keys.filter((key) => key.kid !== kid) };
}

/** A setting as one line of an environment file: single-quoted (the values hold no single quote). */
export function environmentLine(name: string, value: string): string {
  return `${name}='${value}'`;
}
