import type { Database } from '@fund/db';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { GrantLiveness, grantIdClaim } from '../../plugins/grant-liveness.ts';
import { signingAlgorithms } from '../../plugins/signing-keys.plugin.ts';

/**
 * Checks one of the provider's access tokens (JWTs for the API, decision 006) as the provider's own
 * endpoints must: signature, issuer, audience, type, expiry, and that its grant is still live (not signed
 * out, not revoked). Answers the token's claims, or undefined for any token that fails.
 */
export type ApiAccessTokenVerifier = (token: string) => Promise<JWTPayload | undefined>;

export function apiAccessTokenVerifier(options: {
  readonly db: Database;
  readonly publicJwks: { keys: JWK[] };
  readonly issuer: string;
  readonly audience: string;
}): ApiAccessTokenVerifier {
  const keySet = createLocalJWKSet(options.publicJwks);
  const grants = new GrantLiveness(options.db, () => Date.now(), { rememberMs: 0 });
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...signingAlgorithms],
        typ: 'at+jwt',
        requiredClaims: ['exp', 'sub', 'client_id', grantIdClaim],
      });
      const grantId = payload[grantIdClaim];
      return typeof grantId === 'string' && (await grants.isLive(grantId)) ? payload : undefined;
    } catch {
      return undefined;
    }
  };
}

export function isJwt(token: string): boolean {
  try {
    return decodeProtectedHeader(token) !== undefined;
  } catch {
    return false;
  }
}
