import type { DatabaseExecutor } from '@fund/db';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/audit-log.ts';
import { ForbiddenError, UnauthorizedError } from '../errors/app-error.ts';
import type { AuthenticatedOperator } from '../plugins/operator-auth.plugin.ts';
import {
  actedForCustomerReference,
  findActedForCustomer,
  findActedForCustomerWithRights,
  type ActedForCustomer,
} from './act-as.repository.ts';

// Act-as (spec §6): an operator calls a customer route with its own token and the `user-id` header naming
// the acted-for customer. This service resolves that customer, checks the operator's rights and audits
// every call, allowed or refused (security.md 21, 22, decision 009); the auth plugin only verifies tokens
// and hands the verified operator or customer over.

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

/** An operator acting for the customer, from a verified operator token. */
export interface ActingOperator {
  readonly operatorId: string;
  /** ログインID. */
  readonly loginId: string;
}

/** An admitted act-as call: who acts, for whom, with which of the operator's rights. */
export interface ActAsContext {
  readonly actedForCustomer: ActedForCustomer;
  readonly actingOperator: ActingOperator;
  /** The operator's own scopes, never the customer's. */
  readonly scopes: ReadonlySet<string>;
  /** The OAuth client the operator's token was issued to. */
  readonly clientId: string;
}

/** The call as the audit row and the log describe it. */
export interface ActAsCall {
  /** The `user-id` header's text (several values joined, at most 64 characters); null without one. */
  readonly header: string | null;
  readonly method: string;
  /** The route pattern, not the URL (no customer data in it). */
  readonly path: string | null;
  readonly requestId: string;
  readonly ip: string;
  readonly log: FastifyBaseLogger;
}

/** The `WWW-Authenticate` challenge a refusal answers with (RFC 6750 §3). */
export interface ActAsChallenge {
  readonly error: 'invalid_token' | 'insufficient_scope';
  readonly description: string;
  readonly scope?: string;
}

/** A refused act-as call, already audited: answer with the challenge, if any, and throw the error. */
export class ActAsRefused extends Error {
  constructor(
    readonly reason: ActAsRefusal,
    readonly error: UnauthorizedError | ForbiddenError,
    readonly challenge?: ActAsChallenge,
  ) {
    super(`Act-as refused: ${reason}`);
  }
}

/** The `user-id` header as audited: several values joined, cut to 64 characters; null when absent. */
export function actAsHeaderText(value: string | string[] | undefined): string | null {
  return value === undefined ? null : (Array.isArray(value) ? value.join(',') : value).slice(0, 64);
}

export interface ActAsService {
  /**
   * Admits the operator for the customer the header names, or throws `ActAsRefused`; audits both. The
   * route's scopes are checked here too, so the audit row says whether the call really went ahead.
   */
  admitOperator(
    call: ActAsCall,
    operator: AuthenticatedOperator,
    scopes: readonly string[],
  ): Promise<ActAsContext>;
  /**
   * Audits a customer's own token sent with the header (only an operator may act for a customer) and
   * returns the error to answer with; the row names the acted-for customer when the header names one.
   */
  refuseCustomer(call: ActAsCall & { readonly header: string }, customerId: string): Promise<ForbiddenError>;
}

export function createActAsService(db: DatabaseExecutor, now: () => Date): ActAsService {
  async function refuseOperator(
    call: ActAsCall,
    operator: AuthenticatedOperator,
    actedForCustomerId: string | null,
    refusal: ActAsRefused,
  ): Promise<never> {
    await auditOperator(call, operator, 'refused', actedForCustomerId, refusal.reason);
    call.log.warn(
      { operatorId: operator.operatorId, actedForCustomerId, action: actAsAction, reason: refusal.reason },
      'Operator act-as call refused',
    );
    throw refusal;
  }

  async function auditOperator(
    call: ActAsCall,
    operator: AuthenticatedOperator,
    outcome: 'allowed' | 'refused',
    actedForCustomerId: string | null,
    reason?: ActAsRefusal,
  ): Promise<void> {
    await recordAudit(db, {
      actorType: 'operator',
      actorId: operator.operatorId,
      subjectCustomerId: actedForCustomerId,
      action: actAsAction,
      outcome,
      requestId: call.requestId,
      ip: call.ip,
      details: {
        loginId: operator.loginId,
        method: call.method,
        path: call.path,
        header: call.header,
        ...(reason === undefined ? {} : { reason }),
      },
      occurredAt: now(),
    });
  }

  return {
    async admitOperator(call, operator, scopes) {
      const notPermitted = (reason: ActAsRefusal) =>
        new ActAsRefused(reason, new ForbiddenError(actAsNotPermittedMessage));
      if (call.header === null) {
        return refuseOperator(
          call,
          operator,
          null,
          new ActAsRefused(
            'header_missing',
            new UnauthorizedError(
              'お客さまのトークンではありません。代理操作するお客さまを指定してください。',
            ),
            {
              error: 'invalid_token',
              description: 'an operator token acts for a customer only with the user-id header',
            },
          ),
        );
      }
      if (!operator.canActAsCustomer) {
        return refuseOperator(call, operator, null, notPermitted('no_act_as_claim'));
      }
      const reference = actedForCustomerReference(call.header);
      if (reference === null) {
        return refuseOperator(
          call,
          operator,
          null,
          new ActAsRefused('header_invalid', new ForbiddenError(actAsInvalidHeaderMessage)),
        );
      }
      const actedFor = await findActedForCustomerWithRights(db, operator.operatorId, reference);
      // an unknown customer is refused like one of another branch: no oracle for customers
      if (actedFor === undefined) {
        return refuseOperator(call, operator, null, notPermitted('unknown_customer'));
      }
      if (actedFor.operatorLocked) {
        return refuseOperator(call, operator, actedFor.id, notPermitted('operator_locked'));
      }
      if (!actedFor.assigned) {
        return refuseOperator(call, operator, actedFor.id, notPermitted('not_assigned'));
      }
      const missing = scopes.filter((scope) => !operator.scopes.has(scope));
      if (missing.length > 0) {
        return refuseOperator(
          call,
          operator,
          actedFor.id,
          new ActAsRefused('insufficient_scope', new ForbiddenError(actAsInsufficientScopeMessage), {
            error: 'insufficient_scope',
            description: 'the access token lacks a required scope',
            scope: missing.join(' '),
          }),
        );
      }
      await auditOperator(call, operator, 'allowed', actedFor.id);
      return {
        actedForCustomer: { id: actedFor.id, accountNumber: actedFor.accountNumber },
        actingOperator: { operatorId: operator.operatorId, loginId: operator.loginId },
        scopes: operator.scopes,
        clientId: operator.clientId,
      };
    },

    async refuseCustomer(call, customerId) {
      const reference = actedForCustomerReference(call.header);
      const actedFor = reference === null ? undefined : await findActedForCustomer(db, reference);
      await recordAudit(db, {
        actorType: 'customer',
        actorId: customerId,
        subjectCustomerId: actedFor?.id ?? null,
        action: actAsRefusedAction,
        outcome: 'refused',
        requestId: call.requestId,
        ip: call.ip,
        details: {
          header: call.header,
          method: call.method,
          path: call.path,
          ...(actedFor === undefined ? {} : { subjectAccountNumber: actedFor.accountNumber }),
        },
        occurredAt: now(),
      });
      call.log.warn({ customerId, action: actAsRefusedAction }, 'Customer token sent with the act-as header');
      return new ForbiddenError(actAsRefusedMessage);
    },
  };
}
