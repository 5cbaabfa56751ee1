import { actAsHeader } from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { isUuid, recordAudit } from '../audit/audit-log.ts';
import { ForbiddenError, UnauthorizedError } from '../errors/app-error.ts';
import { GrantLiveness } from './grant-liveness.ts';
import { signingAlgorithms } from './signing-keys.plugin.ts';

/** Issuer of our tokens: the OpenID provider mounted under /oidc (identity module). */
export function oidcIssuer(publicOrigin: string): string {
  return `${publicOrigin}/oidc`;
}

/** Resource indicator and audience of the access tokens the API accepts. */
export function apiResource(publicOrigin: string): string {
  return `${publicOrigin}/api`;
}

/** Claim carrying the grant an access token belongs to, so the API can refuse tokens of ended grants. */
export const grantIdClaim = 'grant_id';

/** Claim the provider adds to tokens of operators, who are never customers (operator pool). */
export const operatorClaim = 'operator';

/** What a customer who sends the operator's act-as header is told (security.md 21). */
export const actAsRefusedMessage = 'お客さまご本人のログインでは、他のお客さまの情報を操作できません。';

/** Audit action of that refusal. */
export const actAsRefusedAction = 'act_as.refused';

/** Who is calling, from a verified access token. */
export interface AuthenticatedCustomer {
  readonly customerId: string;
  /** 口座番号, the token's `username` claim. */
  readonly accountNumber: string;
  readonly scopes: ReadonlySet<string>;
  /** The OAuth client the token was issued to. */
  readonly clientId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireCustomer(...)` hooks; null on routes without one. */
    customer: AuthenticatedCustomer | null;
  }
  interface FastifyInstance {
    /**
     * An onRequest hook that admits only a valid customer access token (signature by our keys, issuer,
     * audience, expiry, allowed algorithm) carrying every scope in `scopes`: 401 otherwise, 403 when
     * scopes are missing (security.md 24). A customer token sent with the operator's act-as header
     * (`user-id`) is refused with 403 and audited (security.md 21).
     */
    requireCustomer(
      scopes?: readonly string[],
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function challenge(reply: FastifyReply, error: string, description: string, scope?: string): void {
  const scopePart = scope === undefined ? '' : `, scope="${scope}"`;
  reply.header('www-authenticate', `Bearer error="${error}", error_description="${description}"${scopePart}`);
}

export const authPlugin = fp(
  async (app) => {
    const keySet = createLocalJWKSet(app.signingKeys.publicJwks);
    const issuer = oidcIssuer(app.config.publicOrigin);
    const audience = apiResource(app.config.publicOrigin);
    const grants = new GrantLiveness(app.db.db, () => app.clock.now().getTime());

    async function verify(token: string): Promise<AuthenticatedCustomer> {
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer,
          audience,
          algorithms: [...signingAlgorithms],
          typ: 'at+jwt',
          requiredClaims: ['exp', 'sub', 'client_id', grantIdClaim],
          currentDate: app.clock.now(),
        });
        if (
          payload[operatorClaim] === true ||
          typeof payload['username'] !== 'string' ||
          payload.sub === undefined
        ) {
          throw new ForbiddenError('お客さまのトークンではありません。');
        }
        const grantId = payload[grantIdClaim];
        if (typeof grantId !== 'string' || !(await grants.isLive(grantId))) {
          throw new UnauthorizedError('ログインの有効期限が切れました。もう一度ログインしてください。');
        }
        return {
          customerId: payload.sub,
          accountNumber: payload['username'],
          scopes: new Set(typeof payload['scope'] === 'string' ? payload['scope'].split(' ') : []),
          clientId: String(payload['client_id']),
        };
      } catch (error) {
        if (error instanceof ForbiddenError) throw error;
        if (error instanceof joseErrors.JOSEError) {
          throw new UnauthorizedError(undefined, { cause: error });
        }
        throw error;
      }
    }

    app.decorateRequest('customer', null);
    app.decorate('requireCustomer', (scopes: readonly string[] = []) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        // RFC 6750 §2.3 allows it, RFC 9700 §4.3.2 forbids it: tokens in URLs end up in logs and histories
        if (Object.hasOwn(request.query as object, 'access_token')) {
          challenge(reply, 'invalid_request', 'access tokens are accepted in the Authorization header only');
          throw new UnauthorizedError('アクセストークンは Authorization ヘッダーで送信してください。');
        }
        const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(request.headers.authorization ?? '');
        if (match?.[1] === undefined) {
          reply.header('www-authenticate', 'Bearer');
          throw new UnauthorizedError();
        }
        let customer: AuthenticatedCustomer;
        try {
          customer = await verify(match[1]);
        } catch (error) {
          if (error instanceof UnauthorizedError)
            challenge(reply, 'invalid_token', 'the access token is invalid');
          throw error;
        }
        const actAs = request.headers[actAsHeader];
        if (actAs !== undefined) {
          // Only an operator's token may act for a customer (spec §6); a customer's own token naming
          // someone (or itself) is refused before the route runs, and the attempt is kept for review.
          const value = (Array.isArray(actAs) ? actAs.join(',') : actAs).slice(0, 64);
          await recordAudit(app.db.db, {
            actorType: 'customer',
            actorId: customer.customerId,
            subjectCustomerId: isUuid(value) ? value : null,
            action: actAsRefusedAction,
            outcome: 'refused',
            requestId: request.id,
            ip: request.ip,
            details: { header: value, method: request.method, path: request.routeOptions.url ?? null },
            occurredAt: app.clock.now(),
          });
          request.log.warn(
            { customerId: customer.customerId, action: actAsRefusedAction },
            'Customer token sent with the act-as header',
          );
          throw new ForbiddenError(actAsRefusedMessage);
        }
        request.customer = customer;
        const missing = scopes.filter((scope) => !request.customer?.scopes.has(scope));
        if (missing.length > 0) {
          challenge(
            reply,
            'insufficient_scope',
            'the access token lacks a required scope',
            missing.join(' '),
          );
          throw new ForbiddenError();
        }
      };
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['signing-keys', 'config', 'clock', 'db'] },
);
