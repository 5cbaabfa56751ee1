import {
  errorBodySchema,
  OperatorConsoleAction,
  OperatorConsolePath,
  operatorAuditTrailQuerySchema,
  operatorAuditTrailSchema,
  operatorCustomerParamsSchema,
  operatorCustomerSchema,
  operatorCustomerSearchLimit,
  operatorCustomerSearchQuerySchema,
  operatorCustomerSearchRawQuerySchema,
  operatorCustomerSearchSchema,
  operatorNameKanaMaxLength,
  operatorSearchEmptyMessage,
} from '@fund/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actAsNotPermittedMessage } from '../../act-as/act-as.service.ts';
import { recordAudit } from '../../audit/audit-log.ts';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../errors/app-error.ts';
import type { AuthenticatedOperator } from '../../plugins/operator-auth.plugin.ts';
import {
  auditTrailOfOperator,
  findCustomerForOperator,
  searchCustomersOfOperator,
} from './operator-console.repository.ts';

/**
 * A search's criteria for the audit trail (decision 038): as typed, each cut to what the rule allows so a
 * 1,000-character フリガナ is kept as its first characters and its length.
 */
function searchCriteria(query: { accountNumber?: string | undefined; nameKana?: string | undefined }) {
  const cut = (value: string | undefined, max: number) =>
    value === undefined || value.trim() === '' ? null : value.trim().slice(0, max);
  const kana = query.nameKana?.trim() ?? '';
  return {
    accountNumber: cut(query.accountNumber, 20),
    nameKana: cut(query.nameKana, operatorNameKanaMaxLength),
    nameKanaLength: kana.length > operatorNameKanaMaxLength ? kana.length : null,
  };
}

function operatorOf(request: FastifyRequest): AuthenticatedOperator {
  if (request.operator === null) throw new UnauthorizedError();
  return request.operator;
}

/**
 * The operator console's own calls (decision 024), operator token only: search the customers of the
 * operator's branches, open one (who it is, for the console's banner), and read the operator's own audit
 * trail. The search and the opening are audited like act-as calls, allowed or refused (security.md 22):
 * looking a customer up is already access to their data.
 */
export const operatorConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = (
    request: FastifyRequest,
    operator: AuthenticatedOperator,
    entry: {
      action: string;
      outcome: 'allowed' | 'refused';
      /** The customer opened (to act for); null for a search. */
      actedForCustomerId: string | null;
      details: Record<string, unknown>;
    },
  ) =>
    recordAudit(app.db.db, {
      actorType: 'operator',
      actorId: operator.operatorId,
      subjectCustomerId: entry.actedForCustomerId,
      action: entry.action,
      outcome: entry.outcome,
      requestId: request.id,
      ip: request.ip,
      details: {
        loginId: operator.loginId,
        method: request.method,
        path: request.routeOptions.url ?? null,
        ...entry.details,
      },
      occurredAt: app.realClock.now(),
    });

  app.get(
    OperatorConsolePath.customers,
    {
      onRequest: app.requireOperator(),
      schema: {
        operationId: 'searchOperatorCustomers',
        summary: 'Customers of the operator’s branches by 口座番号 (prefix) and name kana',
        tags: ['operator'],
        // the rules (operatorCustomerSearchQuerySchema) are checked in the handler, so a refusal is audited
        querystring: operatorCustomerSearchRawQuerySchema,
        response: {
          200: operatorCustomerSearchSchema,
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const criteria = searchCriteria(request.query);
      const parsed = operatorCustomerSearchQuerySchema.safeParse(request.query);
      const refusal = !parsed.success
        ? (parsed.error.issues[0]?.message ?? operatorSearchEmptyMessage)
        : (parsed.data.accountNumber ?? '') === '' && (parsed.data.nameKana ?? '') === ''
          ? operatorSearchEmptyMessage
          : null;
      if (refusal !== null || !parsed.success) {
        await audit(request, operator, {
          action: OperatorConsoleAction.customerSearch,
          outcome: 'refused',
          actedForCustomerId: null,
          details: { ...criteria, matches: null, reason: 'invalid_criteria' },
        });
        throw new BadRequestError(`${refusal ?? operatorSearchEmptyMessage}。`);
      }
      const { accountNumber, nameKana } = parsed.data;
      const found = await searchCustomersOfOperator(
        app.db.db,
        operator.operatorId,
        { accountNumber: accountNumber || undefined, nameKana: nameKana || undefined },
        operatorCustomerSearchLimit,
      );
      const customers = found.slice(0, operatorCustomerSearchLimit);
      await audit(request, operator, {
        action: OperatorConsoleAction.customerSearch,
        outcome: 'allowed',
        actedForCustomerId: null,
        details: { ...criteria, matches: customers.length },
      });
      return { customers, truncated: found.length > operatorCustomerSearchLimit };
    },
  );

  app.get(
    OperatorConsolePath.customer,
    {
      onRequest: app.requireOperator(),
      schema: {
        operationId: 'getOperatorCustomer',
        summary: 'A customer of the operator’s branches, opened in the console',
        tags: ['operator'],
        params: operatorCustomerParamsSchema,
        response: { 200: operatorCustomerSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { accountNumber } = request.params;
      const found = await findCustomerForOperator(app.db.db, operator.operatorId, accountNumber);
      const served = found?.served === true && operator.canActAsCustomer;
      await audit(request, operator, {
        action: OperatorConsoleAction.customerOpen,
        outcome: served ? 'allowed' : 'refused',
        actedForCustomerId: found?.id ?? null,
        details: {
          accountNumber,
          ...(served
            ? {}
            : {
                reason:
                  found === undefined
                    ? 'unknown_customer'
                    : operator.canActAsCustomer
                      ? 'not_assigned'
                      : 'no_act_as_claim',
              }),
        },
      });
      if (found === undefined || !served) throw new ForbiddenError(actAsNotPermittedMessage);
      return found.customer;
    },
  );

  app.get(
    OperatorConsolePath.auditTrail,
    {
      onRequest: app.requireOperator(),
      schema: {
        operationId: 'listOperatorAuditTrail',
        summary: 'The signed-in operator’s own audit trail, newest first',
        tags: ['operator'],
        querystring: operatorAuditTrailQuerySchema,
        response: { 200: operatorAuditTrailSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { before, limit } = request.query;
      const rows = await auditTrailOfOperator(
        app.db.db,
        operator.operatorId,
        before === undefined ? undefined : new Date(before),
        limit,
      );
      return { entries: rows.slice(0, limit), hasMore: rows.length > limit };
    },
  );
};
