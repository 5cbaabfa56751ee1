import { actAsCustomer, OperatorClaim, OperatorIdentityPath } from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { UnauthorizedError } from '../errors/app-error.ts';
import { operatorClaim } from './auth.plugin.ts';
import { signingAlgorithms } from './signing-keys.plugin.ts';

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
  /** The token's `act_as: customer`: the operator may act for a customer (act-as header: later issue). */
  readonly canActAsCustomer: boolean;
  readonly scopes: ReadonlySet<string>;
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

export const operatorAuthPlugin = fp(
  async (app) => {
    const keySet = createLocalJWKSet(app.signingKeys.publicJwks);
    const issuer = operatorIssuer(app.config.publicOrigin);
    const audience = adminApiResource(app.config.publicOrigin);

    async function verify(token: string): Promise<AuthenticatedOperator> {
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer,
          audience,
          algorithms: [...signingAlgorithms],
          typ: 'at+jwt',
          requiredClaims: ['exp', 'sub', 'client_id', OperatorClaim.username, OperatorClaim.operatorId],
          currentDate: app.clock.now(),
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
        return {
          operatorId: payload.sub,
          loginId,
          canActAsCustomer: payload[OperatorClaim.actAs] === actAsCustomer,
          scopes: new Set(typeof payload['scope'] === 'string' ? payload['scope'].split(' ') : []),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw new UnauthorizedError(undefined, { cause: error });
        throw error;
      }
    }

    app.decorateRequest('operator', null);
    app.decorate('requireOperator', () => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
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
      };
    });
  },
  { name: 'operator-auth', fastify: '5.x', dependencies: ['signing-keys', 'config', 'clock'] },
);
