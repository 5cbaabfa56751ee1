import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { ActingOperator } from '../act-as/act-as.service.ts';
import { ForbiddenError, UnauthorizedError } from '../errors/app-error.ts';
import { grantIdClaim, type GrantLiveness } from './grant-liveness.ts';
import { operatorClaim } from './operator-auth.plugin.ts';
import { signingAlgorithms } from './signing-keys.plugin.ts';
import { VerifiedTokens } from './verified-tokens.ts';

/** Who is calling, from a verified access token. */
export interface AuthenticatedCustomer {
  readonly customerId: string;
  /** 口座番号, the token's `username` claim (or the customer's, when an operator acts for them). */
  readonly accountNumber: string;
  /** The token's scopes; an operator's own scopes when it acts for the customer. */
  readonly scopes: ReadonlySet<string>;
  /** The OAuth client the token was issued to. */
  readonly clientId: string;
  /**
   * The operator acting for the customer; null when the customer calls with their own token. Writes made
   * for a customer pass it on, so their own audit rows name the operator as the actor.
   */
  readonly actingOperator: ActingOperator | null;
}

export interface CustomerTokenVerifierOptions {
  readonly publicJwks: JSONWebKeySet;
  /** Our customer provider (`<origin>/oidc`). */
  readonly issuer: string;
  /** The API resource (`<origin>/api`). */
  readonly audience: string;
  readonly now: () => Date;
  readonly grants: GrantLiveness;
}

export interface CustomerTokenVerifier {
  /** Whether this token text was verified before and has not expired (then it is not an operator's). */
  remembers(token: string): boolean;
  /**
   * The customer of a valid access token (signature by our keys, issuer, audience, expiry, allowed
   * algorithm, a live grant); UnauthorizedError otherwise, ForbiddenError for a token that is no customer's.
   */
  verify(token: string): Promise<AuthenticatedCustomer>;
}

export function createCustomerTokenVerifier(options: CustomerTokenVerifierOptions): CustomerTokenVerifier {
  const keySet = createLocalJWKSet(options.publicJwks);
  const verifiedTokens = new VerifiedTokens<AuthenticatedCustomer & { grantId: string }>();

  /** Signature and claims of a customer token, verified once per token text (see VerifiedTokens). */
  async function verifySignatureAndClaims(
    token: string,
  ): Promise<AuthenticatedCustomer & { grantId: string }> {
    const nowMs = options.now().getTime();
    const remembered = verifiedTokens.get(token, nowMs);
    if (remembered !== undefined) return remembered;
    const { payload } = await jwtVerify(token, keySet, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: [...signingAlgorithms],
      typ: 'at+jwt',
      requiredClaims: ['exp', 'sub', 'client_id', grantIdClaim],
      currentDate: new Date(nowMs),
    });
    if (
      payload[operatorClaim] === true ||
      typeof payload['username'] !== 'string' ||
      payload.sub === undefined
    ) {
      throw new ForbiddenError('お客さまのトークンではありません。');
    }
    const grantId = payload[grantIdClaim];
    if (typeof grantId !== 'string') throw new UnauthorizedError();
    const verified = {
      customerId: payload.sub,
      accountNumber: payload['username'],
      scopes: new Set(typeof payload['scope'] === 'string' ? payload['scope'].split(' ') : []),
      clientId: String(payload['client_id']),
      actingOperator: null,
      grantId,
    };
    // requiredClaims made `exp` present
    verifiedTokens.remember(token, verified, Number(payload.exp) * 1000);
    return verified;
  }

  return {
    remembers: (token) => verifiedTokens.get(token, options.now().getTime()) !== undefined,

    async verify(token) {
      try {
        const { grantId, ...customer } = await verifySignatureAndClaims(token);
        if (!(await options.grants.isLive(grantId))) {
          throw new UnauthorizedError('ログインの有効期限が切れました。もう一度ログインしてください。');
        }
        return customer;
      } catch (error) {
        if (error instanceof ForbiddenError) throw error;
        if (error instanceof joseErrors.JOSEError) {
          throw new UnauthorizedError(undefined, { cause: error });
        }
        throw error;
      }
    },
  };
}
