import { bearerHook } from './bearer-routes.ts';
import { actAsCustomer, OperatorClaim, OperatorIdentityPath } from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, type JWK } from 'jose';
import type { Database } from '@fund/db';
import { UnauthorizedError } from '../errors/app-error.ts';
import { GrantLiveness, grantIdClaim } from './grant-liveness.ts';
import { signingAlgorithms } from './signing-keys.plugin.ts';

/**
 * Claim the provider adds to tokens of operators, who are never customers (operator pool). Defined here
 * and re-exported by auth.plugin.ts, which verifies operator tokens too (act-as, security.md 22).
 */
export const operatorClaim = 'operator';

/**
 * Model names in `oidc_payloads` get this prefix, so a session, code or refresh token of one provider can
 * never be found by the other even with a guessed id (the adapter filters on the model name).
 */
export const operatorModelPrefix = 'admin:';

/**
 * Whether the grant behind an operator's access token still exists: a sign-out, a replayed refresh token
 * or the grant's end refuses its access tokens too (as `GrantLiveness` does for customers).
 */
export function operatorGrantLiveness(db: Database, now: () => number): GrantLiveness {
  return new GrantLiveness(db, now, { kind: `${operatorModelPrefix}Grant` });
}

/** Issuer of operator tokens: the operator provider under /oidc-admin (never the customers' /oidc). */
export function operatorIssuer(publicOrigin: string): string {
  return `${publicOrigin}${OperatorIdentityPath.oidc}`;
}

/** Audience of operator access tokens: the admin API (customer tokens are for `<origin>/api`). */
export function adminApiResource(publicOrigin: string): string {
  return `${publicOrigin}/admin-api`;
}

/** An operator (administrator), from a verified operator access token. */
export interface AuthenticatedOperator {
  readonly operatorId: string;
  /** ログインID, the token's `username` claim. */
  readonly loginId: string;
  /** The token's `act_as: customer`: the operator may act for a customer (act-as header, act-as/act-as.service.ts). */
  readonly canActAsCustomer: boolean;
  readonly scopes: ReadonlySet<string>;
  /** The OAuth client the token was issued to (`fund-admin`). */
  readonly clientId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireOperator()` hooks; null on routes without one. */
    operator: AuthenticatedOperator | null;
  }
  interface FastifyInstance {
    /**
     * An onRequest hook that admits only a valid operator access token: signed by our keys, issuer
     * `<origin>/oidc-admin`, audience `<origin>/admin-api`, not expired, marked as an operator's. A
     * customer token (other issuer and audience) is refused with 401, as is anything else.
     */
    requireOperator(): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface OperatorTokenVerifierOptions {
  readonly publicJwks: { keys: JWK[] };
  readonly publicOrigin: string;
  readonly now: () => Date;
  readonly grants: GrantLiveness;
}

/**
 * Verifies an operator access token: signed by our keys with an allowed algorithm, type `at+jwt`, issuer
 * `<origin>/oidc-admin`, audience `<origin>/admin-api`, not expired, marked as an operator's, `sub` equal
 * to `operator_id`. Throws UnauthorizedError otherwise. The one check of operator tokens, used by
 * `requireOperator()` and by the act-as path of `requireCustomer()`.
 */
export function createOperatorTokenVerifier(
  options: OperatorTokenVerifierOptions,
): (token: string) => Promise<AuthenticatedOperator> {
  const keySet = createLocalJWKSet(options.publicJwks);
  const issuer = operatorIssuer(options.publicOrigin);
  const audience = adminApiResource(options.publicOrigin);

  return async function verify(token: string): Promise<AuthenticatedOperator> {
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer,
        audience,
        algorithms: [...signingAlgorithms],
        typ: 'at+jwt',
        requiredClaims: [
          'exp',
          'sub',
          'client_id',
          OperatorClaim.username,
          OperatorClaim.operatorId,
          grantIdClaim,
        ],
        currentDate: options.now(),
      });
      const loginId = payload[OperatorClaim.username];
      if (
        payload[operatorClaim] !== true ||
        typeof loginId !== 'string' ||
        payload.sub === undefined ||
        payload[OperatorClaim.operatorId] !== payload.sub
      ) {
        throw new UnauthorizedError('管理者のトークンではありません。');
      }
      if (!(await options.grants.isLive(String(payload[grantIdClaim])))) {
        throw new UnauthorizedError('ログインの有効期限が切れました。もう一度ログインしてください。');
      }
      return {
        operatorId: payload.sub,
        loginId,
        canActAsCustomer: payload[OperatorClaim.actAs] === actAsCustomer,
        scopes: new Set(typeof payload['scope'] === 'string' ? payload['scope'].split(' ') : []),
        clientId: String(payload['client_id']),
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new UnauthorizedError(undefined, { cause: error });
      throw error;
    }
  };
}

export const operatorAuthPlugin = fp(
  async (app) => {
    const verify = createOperatorTokenVerifier({
      publicJwks: app.signingKeys.publicJwks,
      publicOrigin: app.config.publicOrigin,
      now: () => app.realClock.now(),
      grants: operatorGrantLiveness(app.db.db, () => app.realClock.now().getTime()),
    });

    app.decorateRequest('operator', null);
    app.decorate('requireOperator', () => {
      return bearerHook(async (request: FastifyRequest, reply: FastifyReply) => {
        if (Object.hasOwn(request.query as object, 'access_token')) {
          reply.header('www-authenticate', 'Bearer error="invalid_request"');
          throw new UnauthorizedError('アクセストークンは Authorization ヘッダーで送信してください。');
        }
        const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(request.headers.authorization ?? '');
        if (match?.[1] === undefined) {
          reply.header('www-authenticate', 'Bearer');
          throw new UnauthorizedError();
        }
        try {
          request.operator = await verify(match[1]);
        } catch (error) {
          if (error instanceof UnauthorizedError) {
            reply.header(
              'www-authenticate',
              'Bearer error="invalid_token", error_description="the access token is invalid"',
            );
          }
          throw error;
        }
      });
    });
  },
  { name: 'operator-auth', fastify: '5.x', dependencies: ['signing-keys', 'config', 'clock'] },
);
