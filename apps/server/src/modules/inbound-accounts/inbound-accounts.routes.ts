import { createHash } from 'node:crypto';
import {
  accountEventSchema,
  depositReceivedEventSchema,
  errorBodySchema,
  InboundPath,
  inboundEventAnswerSchema,
  tradingStatusEventSchema,
} from '@fund/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { developmentInboundKey } from '../../config/partners-config.ts';
import { requireSignedCalls } from '../../plugins/signed-inbound.ts';
import { applyAccountEvent, applyDeposit, applyTradingStatus } from './inbound-accounts.service.ts';

const eventBodyLimitBytes = 16 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

/**
 * The account-opening site and the trading system tell us what happened to an account
 * (docs/inbound-interfaces.md), signed with a key of PARTNER_INBOUND_KEYS. Each event is applied once:
 * a resend answers `already-applied`. The development simulators send the same calls.
 */
export const inboundAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedCalls(app, {
    keys: () => app.config.partners.inboundKeys ?? [developmentInboundKey],
    // real time: a sender's timestamp is its real clock's, whatever the demo clock says
    clock: app.realClock,
    bodyLimit: eventBodyLimitBytes,
  });
  const received = (request: FastifyRequest) => ({
    bodyHash: createHash('sha256')
      .update(request.rawBody ?? '')
      .digest('hex'),
    requestId: request.id,
    now: app.clock.now(),
  });

  app.post(
    InboundPath.accountEvents,
    {
      schema: {
        operationId: 'receiveAccountEvent',
        summary:
          'Account opened, updated or closed, from the account-opening site (applied once per event id)',
        tags: ['inbound'],
        body: accountEventSchema,
        response: { 200: inboundEventAnswerSchema, ...errors },
      },
    },
    async (request) => applyAccountEvent(app.db.db, request.body, received(request)),
  );

  app.post(
    InboundPath.tradingStatus,
    {
      schema: {
        operationId: 'receiveTradingStatus',
        summary: "The trading system's status of a customer: locked or not (applied once per event id)",
        tags: ['inbound'],
        body: tradingStatusEventSchema,
        response: { 200: inboundEventAnswerSchema, ...errors },
      },
    },
    async (request) => applyTradingStatus(app.db.db, request.body, received(request)),
  );

  app.post(
    InboundPath.deposits,
    {
      schema: {
        operationId: 'receiveDeposit',
        summary:
          'A bank transfer received for a customer (振込入金), from the trading system (applied once per event id)',
        tags: ['inbound'],
        body: depositReceivedEventSchema,
        response: { 200: inboundEventAnswerSchema, ...errors },
      },
    },
    async (request) => applyDeposit(app.db.db, request.body, received(request)),
  );
};
