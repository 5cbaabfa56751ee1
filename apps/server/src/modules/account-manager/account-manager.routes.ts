import {
  accountStatusSchema,
  accountsSchema,
  errorBodySchema,
  migratedStatusSchema,
  nisaRequestsSchema,
  RootLoadingPath,
  tradeReportUrlSchema,
  unmaskedUserSchema,
  updateAccountRequestsSchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountManagerService } from './account-manager.service.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * Account-manager service, version 6 (spec §7), for the signed-in customer (bearer token). Answers carry
 * `Cache-Control: no-store` (security-headers plugin): they hold personal data.
 */
export const accountManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AccountManagerService(app.db.db, (customerId) =>
    app.partnerLinks.hashedUserId(customerId),
  );
  const onRequest = app.requireCustomer();

  app.get(
    RootLoadingPath.accountStatus,
    {
      onRequest,
      schema: {
        operationId: 'getAccountStatus',
        summary: 'State of the securities account (equity CLOSE, NONE or OPEN) and the hashed user id',
        tags: ['accounts'],
        response: { 200: accountStatusSchema, ...errors },
      },
    },
    async (request) => service.accountStatus(customerIdOf(request)),
  );

  app.get(
    RootLoadingPath.accounts,
    {
      onRequest,
      schema: {
        operationId: 'getAccount',
        summary: 'Branch code and account number (customerCode) of the customer',
        tags: ['accounts'],
        response: { 200: accountsSchema, ...errors },
      },
    },
    async (request) => service.accounts(customerIdOf(request)),
  );

  app.get(
    RootLoadingPath.unmaskedUsers,
    {
      onRequest,
      schema: {
        operationId: 'getUnmaskedUser',
        summary: 'The customer’s own unmasked name (with kana), account role and last re-confirmation',
        tags: ['accounts'],
        response: { 200: unmaskedUserSchema, ...errors },
      },
    },
    async (request) => service.unmaskedUser(customerIdOf(request)),
  );

  app.get(
    RootLoadingPath.updateAccountRequests,
    {
      onRequest,
      schema: {
        operationId: 'getPendingAccountUpdate',
        summary: 'The pending account-update request, or null',
        tags: ['accounts'],
        response: { 200: updateAccountRequestsSchema, ...errors },
      },
    },
    async (request) => service.updateAccountRequests(customerIdOf(request)),
  );

  app.get(
    RootLoadingPath.nisaRequests,
    {
      onRequest,
      schema: {
        operationId: 'listNisaRequests',
        summary: 'NISA applications still under review',
        tags: ['accounts'],
        response: { 200: nisaRequestsSchema, ...errors },
      },
    },
    async (request) => service.nisaRequests(customerIdOf(request)),
  );

  app.get(
    RootLoadingPath.migratedStatus,
    {
      onRequest,
      schema: {
        operationId: 'getMigratedStatus',
        summary: 'Whether the customer has moved from the legacy sign-in to the identity service',
        tags: ['accounts'],
        response: { 200: migratedStatusSchema, ...errors },
      },
    },
    async (request) => service.migratedStatus(customerIdOf(request)),
  );

  app.get(
    RootLoadingPath.tradeReportUrl,
    {
      onRequest,
      schema: {
        operationId: 'getTradeReportUrl',
        summary:
          'Link to the electronic trade reports (電子交付書面) with a signed ticket valid for 10 minutes, to open in an external browser',
        tags: ['accounts'],
        response: { 200: tradeReportUrlSchema, ...errors },
      },
    },
    async (request) => ({
      tradeReportUrl: app.partnerLinks.tradeReportUrl(customerIdOf(request), app.realClock.now()),
    }),
  );
};
