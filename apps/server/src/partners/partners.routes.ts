import { readFileSync } from 'node:fs';
import formBody from '@fastify/formbody';
import { jstIsoDate } from '@fund/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardIssuerRoutes } from './card-issuer/card-issuer.routes.ts';
import { PartnerPath, safeCallbackPath } from './partner-links.ts';
import { findDocument, listDocuments } from '../modules/documents/documents.repository.ts';
import { InboundPath } from '@fund/contracts';
import { sendInboundEvent } from './inbound-sender.ts';
import {
  findCustomerByHashedUserId,
  partnerCustomerById,
  type PartnerCustomer,
} from './partners.repository.ts';
import {
  renderAccountOpening,
  renderAccountUpdate,
  renderAccountUpdateRefused,
  renderDeliveredDocument,
  renderDeliveredDocumentNotFound,
  renderTradeReports,
  renderTradeReportsRefused,
} from './partners.view.ts';
import { uuidPattern } from '../shared/uuid.ts';

const stylesheet = readFileSync(new URL('./partners.css', import.meta.url), 'utf8');

const queryValue = z.string().max(2048).optional();

const accountOpeningQuery = z.object({
  temporaryUserId: queryValue,
  redirectToSignUp: queryValue,
  redirectToUsernameSignin: queryValue,
  username: queryValue,
  hashed_user_id: queryValue,
  agencyBranchCode: queryValue,
  accessToken: queryValue,
  userName: queryValue,
});

const accountUpdateQuery = z.object({
  lastConfirmed: queryValue,
  callbackUrl: queryValue,
  hashed_user_id: queryValue,
});

// lenient: a bad form is answered with the refusal page, not a JSON 400
const accountUpdateForm = z.object({
  token: z.string().max(512).optional(),
  callbackUrl: z.string().max(2048).optional(),
});

const tradeReportsQuery = z.object({ ticket: z.string().max(512).optional() });
// lenient like the query: a malformed id is a document that is not found (a page, not a JSON 400)
const documentParams = z.object({ id: z.string().max(64) });
const hashedUserIdPattern = /^[0-9a-f]{64}$/;
/** Where the account-opening simulator returns to: the app, which now finds the account open. */
const appTop = '/';
/** 部店コード of accounts opened online (the simulated opening's branch). */
const onlineBranchCode = '001';

/** The accounts the simulated opening opens: an adult gets the specific account and both NISA 枠. */
function simulatedAccounts(customer: PartnerCustomer) {
  return customer.accountRole === 'ADULT'
    ? (['specific', 'nisa2_tsumitate', 'nisa2_growth'] as const)
    : (['specific'] as const);
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The trade-report page is what the balance service's `frame_url` points to: the app may frame it (same
 * origin), nobody else may. The page is read-only, so framing gives clickjacking nothing to click.
 */
function allowSameOriginFraming(reply: FastifyReply): void {
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  }
  reply.header('x-frame-options', 'SAMEORIGIN');
}

/**
 * Simulators of the outside sites the app hands customers to (architecture.md §1 "partners"): the
 * account-opening site, the account-update site, the electronic trade-report site and the card issuer. On by default for
 * development and demos, never in production (PARTNER_SIMULATORS; the configuration refuses it there).
 */
export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  // the start-up warning about them comes with the other development defaults (config.ts)
  if (!app.config.partners.simulators) return;
  const links = app.partnerLinks;

  /**
   * The customer a simulator form was made for. A cross-site form cannot carry our Origin; the signed
   * token binds customer and return path (its lifetime is real time).
   */
  const verifiedFormCustomer = (origin: string | undefined, token: string | undefined, returnPath: string) =>
    origin !== undefined && origin !== app.config.publicOrigin
      ? undefined
      : links.verifyFormToken(token ?? '', returnPath, app.realClock.now());
  const customerOfForm = async (customerId: string | undefined) =>
    customerId === undefined ? undefined : partnerCustomerById(app.db.db, customerId);

  await app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: 16_384 });
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    await scope.register(cardIssuerRoutes);

    pages.get(PartnerPath.stylesheet, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
    );

    const customerOfHashedId = async (hashedUserId: string | undefined) =>
      hashedUserId !== undefined && hashedUserIdPattern.test(hashedUserId)
        ? await findCustomerByHashedUserId(app.db.db, hashedUserId, (id) => links.hashedUserId(id))
        : undefined;

    pages.get(
      PartnerPath.accountOpening,
      { schema: { hide: true, querystring: accountOpeningQuery } },
      async (request, reply) => {
        // a signed-up customer without an account yet: the simulator can complete the opening
        const customer = await customerOfHashedId(request.query.hashed_user_id);
        const opening =
          customer?.equityStatus === 'NONE'
            ? { formToken: links.formToken(customer.id, appTop, app.realClock.now()) }
            : undefined;
        return sendHtml(reply, 200, renderAccountOpening(request.query, app.config.publicOrigin, opening));
      },
    );

    pages.post(
      PartnerPath.accountOpening,
      { schema: { hide: true, body: accountUpdateForm } },
      async (request, reply) => {
        const customerId = verifiedFormCustomer(request.headers.origin, request.body.token, appTop);
        const customer = await customerOfForm(customerId);
        if (customer === undefined) return sendHtml(reply, 403, renderAccountUpdateRefused());
        const today = jstIsoDate(app.clock.now());
        const sent = await sendInboundEvent(app, InboundPath.accountEvents, {
          type: 'account.opened',
          occurredAt: app.clock.now().toISOString(),
          accountNumber: customer.accountNumber,
          branchCode: onlineBranchCode,
          accountRole: customer.accountRole,
          accounts: simulatedAccounts(customer).map((type) => ({ type, openedOn: today })),
          confirmedOn: today,
        });
        if (sent.status !== 200) return sendHtml(reply, 403, renderAccountUpdateRefused());
        return reply.code(303).header('cache-control', 'no-store').redirect(appTop);
      },
    );

    pages.get(
      PartnerPath.accountUpdate,
      { schema: { hide: true, querystring: accountUpdateQuery } },
      async (request, reply) => {
        const { lastConfirmed, callbackUrl, hashed_user_id: hashedUserId } = request.query;
        const returnPath = safeCallbackPath(callbackUrl);
        const customer = await customerOfHashedId(hashedUserId);
        return sendHtml(
          reply,
          200,
          renderAccountUpdate({
            lastConfirmed,
            callbackUrl,
            hashedUserId,
            returnPath,
            ...(customer === undefined
              ? {}
              : {
                  customer: {
                    lastConfirmedOn: customer.lastConfirmedOn,
                    formToken: links.formToken(customer.id, returnPath, app.realClock.now()),
                  },
                }),
          }),
        );
      },
    );

    pages.post(
      PartnerPath.accountUpdate,
      { schema: { hide: true, body: accountUpdateForm } },
      async (request, reply) => {
        const returnPath = safeCallbackPath(request.body.callbackUrl);
        const customerId = verifiedFormCustomer(request.headers.origin, request.body.token, returnPath);
        const customer = await customerOfForm(customerId);
        if (customer === undefined) return sendHtml(reply, 403, renderAccountUpdateRefused());
        // the date recorded is the business date; the site tells the app as the real site does
        const sent = await sendInboundEvent(app, InboundPath.accountEvents, {
          type: 'account.updated',
          occurredAt: app.clock.now().toISOString(),
          accountNumber: customer.accountNumber,
          confirmedOn: jstIsoDate(app.clock.now()),
        });
        if (sent.status !== 200) return sendHtml(reply, 403, renderAccountUpdateRefused());
        return reply.code(303).header('cache-control', 'no-store').redirect(returnPath);
      },
    );

    pages.get(
      PartnerPath.tradeReports,
      { schema: { hide: true, querystring: tradeReportsQuery } },
      async (request, reply) => {
        allowSameOriginFraming(reply);
        const ticket = request.query.ticket ?? '';
        const customerId = links.verifyTradeReportTicket(ticket, app.realClock.now());
        if (customerId === undefined) return sendHtml(reply, 403, renderTradeReportsRefused());
        const documents = await listDocuments(app.db.db, customerId);
        return sendHtml(reply, 200, renderTradeReports(documents, ticket));
      },
    );

    // one document, with the list's ticket: only a document of the customer the ticket names opens;
    // another customer's is "not found", like one that does not exist (security.md 23)
    pages.get(
      PartnerPath.tradeReportDocument,
      { schema: { hide: true, params: documentParams, querystring: tradeReportsQuery } },
      async (request, reply) => {
        allowSameOriginFraming(reply);
        const ticket = request.query.ticket ?? '';
        const customerId = links.verifyTradeReportTicket(ticket, app.realClock.now());
        if (customerId === undefined) return sendHtml(reply, 403, renderTradeReportsRefused());
        const document = uuidPattern.test(request.params.id)
          ? await findDocument(app.db.db, customerId, request.params.id)
          : undefined;
        if (document === undefined) return sendHtml(reply, 404, renderDeliveredDocumentNotFound(ticket));
        return sendHtml(reply, 200, renderDeliveredDocument(document, ticket));
      },
    );
  });
};
