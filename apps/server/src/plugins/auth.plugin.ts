import { bearerHook } from './bearer-routes.ts';
import { actAsHeader } from '@fund/contracts';
import { customers, operatorAssignments, operators } from '@fund/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { isUuid, recordAudit } from '../audit/audit-log.ts';
import { ForbiddenError, UnauthorizedError } from '../errors/app-error.ts';
import { GrantLiveness, grantIdClaim } from './grant-liveness.ts';
import {
  createOperatorTokenVerifier,
  operatorGrantLiveness,
  operatorClaim,
  operatorIssuer,
  type AuthenticatedOperator,
} from './operator-auth.plugin.ts';
import { signingAlgorithms } from './signing-keys.plugin.ts';
import { VerifiedTokens } from './verified-tokens.ts';

/** Issuer of our tokens: the OpenID provider mounted under /oidc (identity module). */
export function oidcIssuer(publicOrigin: string): string {
  return `${publicOrigin}/oidc`;
}

/** Resource indicator and audience of the access tokens the API accepts. */
export function apiResource(publicOrigin: string): string {
  return `${publicOrigin}/api`;
}

export { grantIdClaim };

/** Claim the provider adds to tokens of operators, who are never customers (operator pool). */
export { operatorClaim };

/** What a customer who sends the operator's act-as header is told (security.md 21). */
export const actAsRefusedMessage = 'お客さまご本人のログインでは、他のお客さまの情報を操作できません。';

/** Audit action of that refusal. */
export const actAsRefusedAction = 'act_as.refused';

/** Audit action of every act-as call of an operator, allowed or refused (security.md 22). */
export const actAsAction = 'act_as';

/** What an operator is told when it may not act for the named customer, or the customer is unknown. */
export const actAsNotPermittedMessage = 'このお客さまの代理操作は許可されていません。';

/** What an operator is told when the act-as header names no customer in a form we know. */
export const actAsInvalidHeaderMessage = '代理操作するお客さまの指定が正しくありません。';

/** What an operator acting for a customer is told when its token lacks a scope the route needs. */
export const actAsInsufficientScopeMessage = 'オペレーターの代理操作では、この操作はできません。';

/** Why an operator's act-as call was refused; kept in the audit row's details. */
export type ActAsRefusal =
  | 'no_act_as_claim'
  | 'header_missing'
  | 'header_invalid'
  | 'unknown_customer'
  | 'not_assigned'
  | 'operator_locked'
  | 'insufficient_scope';

/** An operator acting for the customer (act-as header, spec §6), from a verified operator token. */
export interface ActingOperator {
  readonly operatorId: string;
  /** ログインID. */
  readonly loginId: string;
}

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

const accountNumberPattern = /^[0-9]{7}$/;

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

function challenge(reply: FastifyReply, error: string, description: string, scope?: string): void {
  const scopePart = scope === undefined ? '' : `, scope="${scope}"`;
  reply.header('www-authenticate', `Bearer error="${error}", error_description="${description}"${scopePart}`);
}

export const authPlugin = fp(
  async (app) => {
    const keySet = createLocalJWKSet(app.signingKeys.publicJwks);
    const issuer = oidcIssuer(app.config.publicOrigin);
    const audience = apiResource(app.config.publicOrigin);
    const grants = new GrantLiveness(app.db.db, () => app.realClock.now().getTime());
    const verifyOperator = createOperatorTokenVerifier({
      publicJwks: app.signingKeys.publicJwks,
      publicOrigin: app.config.publicOrigin,
      now: () => app.realClock.now(),
      grants: operatorGrantLiveness(app.db.db, () => app.realClock.now().getTime()),
    });
    const operatorTokenIssuer = operatorIssuer(app.config.publicOrigin);

    /** Whether an (as yet unverified) token claims to come from the operator provider. */
    function claimsOperatorIssuer(token: string): boolean {
      try {
        return decodeJwt(token).iss === operatorTokenIssuer;
      } catch {
        return false; // not a JWT at all: the customer path refuses it with 401
      }
    }

    const verifiedCustomerTokens = new VerifiedTokens<AuthenticatedCustomer & { grantId: string }>();

    /** Signature and claims of a customer token, verified once per token text (see VerifiedTokens). */
    async function verifySignatureAndClaims(
      token: string,
    ): Promise<AuthenticatedCustomer & { grantId: string }> {
      const nowMs = app.realClock.now().getTime();
      const remembered = verifiedCustomerTokens.get(token, nowMs);
      if (remembered !== undefined) return remembered;
      const { payload } = await jwtVerify(token, keySet, {
        issuer,
        audience,
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
      verifiedCustomerTokens.remember(token, verified, Number(payload.exp) * 1000);
      return verified;
    }

    async function verify(token: string): Promise<AuthenticatedCustomer> {
      try {
        const { grantId, ...customer } = await verifySignatureAndClaims(token);
        if (!(await grants.isLive(grantId))) {
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
    }

    /**
     * Admits an operator for the customer its act-as header names, or refuses; audits both. The scope
     * check happens here too, so the audit row says whether the call really went ahead.
     */
    async function admitOperator(
      request: FastifyRequest,
      reply: FastifyReply,
      operator: AuthenticatedOperator,
      scopes: readonly string[],
    ): Promise<AuthenticatedCustomer> {
      const raw = request.headers[actAsHeader];
      const header = raw === undefined ? null : (Array.isArray(raw) ? raw.join(',') : raw).slice(0, 64);
      const path = request.routeOptions.url ?? null;
      const audit = async (outcome: 'allowed' | 'refused', subject: string | null, reason?: ActAsRefusal) =>
        recordAudit(app.db.db, {
          actorType: 'operator',
          actorId: operator.operatorId,
          subjectCustomerId: subject,
          action: actAsAction,
          outcome,
          requestId: request.id,
          ip: request.ip,
          details: {
            loginId: operator.loginId,
            method: request.method,
            path,
            header,
            ...(reason === undefined ? {} : { reason }),
          },
          occurredAt: app.realClock.now(),
        });
      const refuse = async (reason: ActAsRefusal, subject: string | null, error: Error): Promise<never> => {
        await audit('refused', subject, reason);
        request.log.warn(
          { operatorId: operator.operatorId, subjectCustomerId: subject, action: actAsAction, reason },
          'Operator act-as call refused',
        );
        throw error;
      };

      if (header === null) {
        challenge(
          reply,
          'invalid_token',
          'an operator token acts for a customer only with the user-id header',
        );
        return refuse(
          'header_missing',
          null,
          new UnauthorizedError('お客さまのトークンではありません。代理操作するお客さまを指定してください。'),
        );
      }
      if (!operator.canActAsCustomer) {
        return refuse('no_act_as_claim', null, new ForbiddenError(actAsNotPermittedMessage));
      }
      const byId = isUuid(header);
      if (!byId && !accountNumberPattern.test(header)) {
        return refuse('header_invalid', null, new ForbiddenError(actAsInvalidHeaderMessage));
      }

      const db = app.db.db;
      const [subject] = await db
        .select({
          id: customers.id,
          accountNumber: customers.accountNumber,
          assigned: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(operatorAssignments)
            .where(
              and(
                eq(operatorAssignments.operatorId, operator.operatorId),
                eq(operatorAssignments.branchCode, customers.branchCode),
              ),
            )})`,
          operatorLocked: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(operators)
            .where(and(eq(operators.id, operator.operatorId), sql`${operators.lockedAt} is not null`))})`,
        })
        .from(customers)
        .where(byId ? eq(customers.id, header.toLowerCase()) : eq(customers.accountNumber, header))
        .limit(1);
      if (subject === undefined) {
        return refuse('unknown_customer', null, new ForbiddenError(actAsNotPermittedMessage));
      }
      if (subject.operatorLocked) {
        return refuse('operator_locked', subject.id, new ForbiddenError(actAsNotPermittedMessage));
      }
      if (!subject.assigned) {
        return refuse('not_assigned', subject.id, new ForbiddenError(actAsNotPermittedMessage));
      }
      const missing = scopes.filter((scope) => !operator.scopes.has(scope));
      if (missing.length > 0) {
        challenge(reply, 'insufficient_scope', 'the access token lacks a required scope', missing.join(' '));
        return refuse('insufficient_scope', subject.id, new ForbiddenError(actAsInsufficientScopeMessage));
      }
      await audit('allowed', subject.id);
      return {
        customerId: subject.id,
        accountNumber: subject.accountNumber,
        scopes: operator.scopes,
        clientId: operator.clientId,
        actingOperator: { operatorId: operator.operatorId, loginId: operator.loginId },
      };
    }

    /** The customer an act-as header names (uuid or 口座番号), or undefined when it names nobody. */
    async function namedCustomer(header: string): Promise<{ id: string; accountNumber: string } | undefined> {
      const byId = isUuid(header);
      if (!byId && !accountNumberPattern.test(header)) return undefined;
      const [row] = await app.db.db
        .select({ id: customers.id, accountNumber: customers.accountNumber })
        .from(customers)
        .where(byId ? eq(customers.id, header.toLowerCase()) : eq(customers.accountNumber, header))
        .limit(1);
      return row;
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
        if (
          verifiedCustomerTokens.get(match[1], app.realClock.now().getTime()) === undefined &&
          claimsOperatorIssuer(match[1])
        ) {
          let operator: AuthenticatedOperator;
          try {
            operator = await verifyOperator(match[1]);
          } catch (error) {
            if (error instanceof UnauthorizedError)
              challenge(reply, 'invalid_token', 'the access token is invalid');
            throw error;
          }
          request.customer = await admitOperator(request, reply, operator, scopes);
          return;
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
          // the customer named, by uuid or by 口座番号, so the row names its subject either way
          const named = await namedCustomer(value);
          await recordAudit(app.db.db, {
            actorType: 'customer',
            actorId: customer.customerId,
            subjectCustomerId: named?.id ?? null,
            action: actAsRefusedAction,
            outcome: 'refused',
            requestId: request.id,
            ip: request.ip,
            details: {
              header: value,
              method: request.method,
              path: request.routeOptions.url ?? null,
              ...(named === undefined ? {} : { subjectAccountNumber: named.accountNumber }),
            },
            occurredAt: app.realClock.now(),
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
      });
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['signing-keys', 'config', 'clock', 'db'] },
);
