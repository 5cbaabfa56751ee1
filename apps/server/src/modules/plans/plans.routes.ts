import {
  createRecurringPurchaseBodySchema,
  createScheduledSellBodySchema,
  errorBodySchema,
  monthlyDepositSchema,
  planIdParamsSchema,
  PlansPath,
  putMonthlyDepositBodySchema,
  recurringPurchaseListSchema,
  recurringPurchaseSchema,
  scheduledSellListSchema,
  scheduledSellSchema,
  updateRecurringPurchaseBodySchema,
  updateScheduledSellBodySchema,
} from '@fund/contracts';
import type { ScheduledSellStatusType } from '@fund/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConflictError } from '../../errors/app-error.ts';
import { idempotencyKeyOf, requestHashOf, runIdempotent, sqlStateOf } from '../../idempotency/idempotency.ts';
import { MonthlyDepositService } from './monthly-deposit.service.ts';
import { type PlanCaller } from './plan-changes.ts';
import { RecurringPurchasesService } from './recurring-purchases.service.ts';
import { ScheduledSellsService } from './scheduled-sells.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...readErrors, 409: errorBodySchema, 422: errorBodySchema };

function callerOf(request: FastifyRequest): PlanCaller {
  return { customerId: customerIdOf(request), requestId: request.id, ip: request.ip };
}

/** A second live plan for the same fund (and account) slipping past the check: 409, not 500. */
function liveplanConflict(error: unknown): unknown {
  const state = sqlStateOf(error);
  if (state?.code === '23505' && state.constraint?.endsWith('_one_live_plan_idx') === true) {
    return new ConflictError('同じファンドの設定がすでにあります。', { cause: error });
  }
  return error;
}

/**
 * Plan management (spec §3, domain.md §3): 積立 (/v1/recurringPurchases), 定期売却 (/v1/scheduledSells)
 * and 毎月の入金 (/v1/monthlyDeposit). Reads need a customer token; writes need `user.write`; creating
 * calls need an Idempotency-Key. Another customer's plan id answers 404. The batch executes the plans.
 */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now();
  const recurringPurchases = new RecurringPurchasesService(app.db.db, now);
  const scheduledSells = new ScheduledSellsService(app.db.db, now);
  const monthlyDeposits = new MonthlyDepositService(app.db.db, now);
  const read = app.requireCustomer();
  const write = app.requireCustomer(['user.write']);

  async function idempotent<T>(request: FastifyRequest, work: Parameters<typeof runIdempotent<T>>[2]) {
    const customerId = customerIdOf(request);
    const key = idempotencyKeyOf(request);
    const requestHash = requestHashOf(request.method, request.routeOptions.url ?? request.url, request.body);
    return runIdempotent<T>(app.db.db, { customerId, key, requestHash }, work, liveplanConflict);
  }

  app.get(
    PlansPath.recurringPurchases,
    {
      onRequest: read,
      schema: {
        operationId: 'listRecurringPurchases',
        summary: '積立 (recurring purchases) of the customer, cancelled ones included',
        tags: ['plans'],
        response: { 200: recurringPurchaseListSchema, ...readErrors },
      },
    },
    async (request) => recurringPurchases.listRecurringPurchases(customerIdOf(request)),
  );

  app.post(
    PlansPath.recurringPurchases,
    {
      onRequest: write,
      schema: {
        operationId: 'createRecurringPurchase',
        summary: 'Sets up a recurring purchase (Idempotency-Key required; points are never accepted)',
        tags: ['plans'],
        body: createRecurringPurchaseBodySchema,
        response: { 201: recurringPurchaseSchema, 200: recurringPurchaseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const answer = await idempotent(request, async (tx) => ({
        status: 201,
        body: await recurringPurchases.createRecurringPurchase(tx, callerOf(request), request.body),
      }));
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.put(
    PlansPath.recurringPurchase,
    {
      onRequest: write,
      schema: {
        operationId: 'changeRecurringPurchase',
        summary: 'Changes amount, bonus or payment method; applies from the month the cut-over rules give',
        tags: ['plans'],
        params: planIdParamsSchema,
        body: updateRecurringPurchaseBodySchema,
        response: { 200: recurringPurchaseSchema, ...writeErrors },
      },
    },
    async (request) =>
      recurringPurchases.updateRecurringPurchase(callerOf(request), request.params.id, request.body),
  );

  const recurringMoves: readonly [string, ScheduledSellStatusType, string, string][] = [
    [
      PlansPath.recurringPurchaseSuspend,
      'SUSPENDED',
      'suspendRecurringPurchase',
      'Suspends a recurring purchase (停止)',
    ],
    [
      PlansPath.recurringPurchaseResume,
      'ACTIVE',
      'resumeRecurringPurchase',
      'Resumes a suspended recurring purchase (再開)',
    ],
    [
      PlansPath.recurringPurchaseCancel,
      'CANCELED',
      'cancelRecurringPurchase',
      'Cancels a recurring purchase (解約), final',
    ],
  ];
  for (const [path, to, operationId, summary] of recurringMoves) {
    app.post(
      path,
      {
        onRequest: write,
        schema: {
          operationId,
          summary,
          tags: ['plans'],
          params: planIdParamsSchema,
          response: { 200: recurringPurchaseSchema, ...writeErrors },
        },
      },
      async (request) => recurringPurchases.moveRecurringPurchase(callerOf(request), request.params.id, to),
    );
  }

  app.get(
    PlansPath.scheduledSells,
    {
      onRequest: read,
      schema: {
        operationId: 'listScheduledSells',
        summary: '定期売却 (scheduled sells) of the customer, cancelled ones included',
        tags: ['plans'],
        response: { 200: scheduledSellListSchema, ...readErrors },
      },
    },
    async (request) => scheduledSells.listScheduledSells(customerIdOf(request)),
  );

  app.post(
    PlansPath.scheduledSells,
    {
      onRequest: write,
      schema: {
        operationId: 'createScheduledSell',
        summary: 'Sets up a scheduled sell of a fund held in the specific account (Idempotency-Key required)',
        tags: ['plans'],
        body: createScheduledSellBodySchema,
        response: { 201: scheduledSellSchema, 200: scheduledSellSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const answer = await idempotent(request, async (tx) => ({
        status: 201,
        body: await scheduledSells.createScheduledSell(tx, callerOf(request), request.body),
      }));
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.put(
    PlansPath.scheduledSell,
    {
      onRequest: write,
      schema: {
        operationId: 'changeScheduledSell',
        summary: 'Changes a scheduled sell (type and value, frequency); applies at once',
        tags: ['plans'],
        params: planIdParamsSchema,
        body: updateScheduledSellBodySchema,
        response: { 200: scheduledSellSchema, ...writeErrors },
      },
    },
    async (request) => scheduledSells.updateScheduledSell(callerOf(request), request.params.id, request.body),
  );

  const sellMoves: readonly [string, ScheduledSellStatusType, string, string][] = [
    [PlansPath.scheduledSellSuspend, 'SUSPENDED', 'suspendScheduledSell', 'Suspends a scheduled sell'],
    [PlansPath.scheduledSellResume, 'ACTIVE', 'resumeScheduledSell', 'Resumes a suspended scheduled sell'],
    [PlansPath.scheduledSellCancel, 'CANCELED', 'cancelScheduledSell', 'Cancels a scheduled sell, final'],
  ];
  for (const [path, to, operationId, summary] of sellMoves) {
    app.post(
      path,
      {
        onRequest: write,
        schema: {
          operationId,
          summary,
          tags: ['plans'],
          params: planIdParamsSchema,
          response: { 200: scheduledSellSchema, ...writeErrors },
        },
      },
      async (request) => scheduledSells.moveScheduledSell(callerOf(request), request.params.id, to),
    );
  }

  app.get(
    PlansPath.monthlyDeposit,
    {
      onRequest: read,
      schema: {
        operationId: 'getMonthlyDeposit',
        summary: '毎月の入金 (monthly deposit), or null when none is set',
        tags: ['plans'],
        response: { 200: monthlyDepositSchema, ...readErrors },
      },
    },
    async (request) => monthlyDeposits.monthlyDeposit(customerIdOf(request)),
  );

  app.put(
    PlansPath.monthlyDeposit,
    {
      onRequest: write,
      schema: {
        operationId: 'setMonthlyDeposit',
        summary: 'Sets or changes the monthly deposit (amount, debit day 1-28); idempotent by nature',
        tags: ['plans'],
        body: putMonthlyDepositBodySchema,
        response: { 200: monthlyDepositSchema, ...writeErrors },
      },
    },
    async (request) => monthlyDeposits.putMonthlyDeposit(callerOf(request), request.body),
  );

  app.delete(
    PlansPath.monthlyDeposit,
    {
      onRequest: write,
      schema: {
        operationId: 'stopMonthlyDeposit',
        summary: 'Stops the monthly deposit',
        tags: ['plans'],
        response: { 200: monthlyDepositSchema, ...writeErrors },
      },
    },
    async (request) => monthlyDeposits.stopMonthlyDeposit(callerOf(request)),
  );
};
