import { bearerHook } from './bearer-routes.ts';
import { actAsHeader } from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import {
  ActAsRefused,
  actAsHeaderText,
  createActAsService,
  type ActAsCall,
  type ActAsContext,
} from '../act-as/act-as.service.ts';
import { ForbiddenError, UnauthorizedError } from '../errors/app-error.ts';
import { GrantLiveness, grantIdClaim } from './grant-liveness.ts';
import {
  createOperatorTokenVerifier,
  operatorGrantLiveness,
  operatorClaim,
  operatorIssuer,
  type AuthenticatedOperator,
} from './operator-auth.plugin.ts';
import { createCustomerTokenVerifier, type AuthenticatedCustomer } from './customer-token-verifier.ts';

/** Issuer of our tokens: the OpenID provider mounted under /oidc (identity module). */
export function oidcIssuer(publicOrigin: string): string {
  return `${publicOrigin}/oidc`;
}

/** Resource indicator and audience of the access tokens the API accepts. */
export function apiResource(publicOrigin: string): string {
  return `${publicOrigin}/api`;
}

export { grantIdClaim };

export type { AuthenticatedCustomer };

/** Claim the provider adds to tokens of operators, who are never customers (operator pool). */
export { operatorClaim };

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
     *
     * An operator token (verified as `requireOperator()` does) is admitted only with the act-as header
     * naming a customer (uuid or 口座番号) of a branch the operator is assigned to; the request then runs
     * as that customer with the operator's scopes and `actingOperator` set. Every such call is audited
     * with operator and customer, allowed or refused (security.md 22, decision 009). Refusals are 403,
     * an unknown customer included (no oracle for customers outside the operator's branches); an
     * operator token without the header is not an act-as call and gets 401 like any token for another
     * audience, audited as well.
     */
    requireCustomer(
      scopes?: readonly string[],
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The act-as call of a request, as its audit row describes it. */
function actAsCall(request: FastifyRequest): ActAsCall {
  return {
    header: actAsHeaderText(request.headers[actAsHeader]),
    method: request.method,
    path: request.routeOptions.url ?? null,
    requestId: request.id,
    ip: request.ip,
    log: request.log,
  };
}

/** The customer an admitted operator acts for, as the routes see every caller. */
function actingCustomer(context: ActAsContext): AuthenticatedCustomer {
  return {
    customerId: context.actedForCustomer.id,
    accountNumber: context.actedForCustomer.accountNumber,
    scopes: context.scopes,
    clientId: context.clientId,
    actingOperator: context.actingOperator,
  };
}

function challenge(reply: FastifyReply, error: string, description: string, scope?: string): void {
  const scopePart = scope === undefined ? '' : `, scope="${scope}"`;
  reply.header('www-authenticate', `Bearer error="${error}", error_description="${description}"${scopePart}`);
}

export const authPlugin = fp(
  async (app) => {
    const customerTokens = createCustomerTokenVerifier({
      publicJwks: app.signingKeys.publicJwks,
      issuer: oidcIssuer(app.config.publicOrigin),
      audience: apiResource(app.config.publicOrigin),
      now: () => app.realClock.now(),
      grants: new GrantLiveness(app.db.db, () => app.realClock.now().getTime()),
    });
    const verifyOperator = createOperatorTokenVerifier({
      publicJwks: app.signingKeys.publicJwks,
      publicOrigin: app.config.publicOrigin,
      now: () => app.realClock.now(),
      grants: operatorGrantLiveness(app.db.db, () => app.realClock.now().getTime()),
    });
    const operatorTokenIssuer = operatorIssuer(app.config.publicOrigin);
    const actAs = createActAsService(app.db.db, () => app.realClock.now());

    /** Whether an (as yet unverified) token claims to come from the operator provider. */
    function claimsOperatorIssuer(token: string): boolean {
      try {
        return decodeJwt(token).iss === operatorTokenIssuer;
      } catch {
        return false; // not a JWT at all: the customer path refuses it with 401
      }
    }

    app.decorateRequest('customer', null);
    app.decorate('requireCustomer', (scopes: readonly string[] = []) => {
      return bearerHook(async (request: FastifyRequest, reply: FastifyReply) => {
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
        if (!customerTokens.remembers(match[1]) && claimsOperatorIssuer(match[1])) {
          let operator: AuthenticatedOperator;
          try {
            operator = await verifyOperator(match[1]);
          } catch (error) {
            if (error instanceof UnauthorizedError)
              challenge(reply, 'invalid_token', 'the access token is invalid');
            throw error;
          }
          try {
            request.customer = actingCustomer(
              await actAs.admitOperator(actAsCall(request), operator, scopes),
            );
          } catch (error) {
            if (!(error instanceof ActAsRefused)) throw error;
            const { challenge: refusal } = error;
            if (refusal !== undefined) challenge(reply, refusal.error, refusal.description, refusal.scope);
            throw error.error;
          }
          return;
        }
        let customer: AuthenticatedCustomer;
        try {
          customer = await customerTokens.verify(match[1]);
        } catch (error) {
          if (error instanceof UnauthorizedError)
            challenge(reply, 'invalid_token', 'the access token is invalid');
          throw error;
        }
        const call = actAsCall(request);
        if (call.header !== null) {
          // Only an operator's token may act for a customer (spec §6); a customer's own token naming
          // someone (or itself) is refused before the route runs, and the attempt is kept for review.
          throw await actAs.refuseCustomer({ ...call, header: call.header }, customer.customerId);
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
      });
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['signing-keys', 'config', 'clock', 'db'] },
);
