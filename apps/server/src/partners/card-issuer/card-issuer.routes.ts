import { CardIssuerPath, cardIssuerClientId, CardLinkCallbackPath } from '@fund/contracts/paths';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardIssuerSimulator, type CardChoice } from './card-issuer-simulator.ts';
import {
  renderAuthorize,
  renderBadRequest,
  renderMfa,
  type AuthorizeRequestView,
} from './card-issuer.view.ts';

const value = z.string().max(2048).optional();

// lenient: a malformed request is answered with the simulator's own error page, not a JSON 400
const authorizeQuery = z.object({
  client_id: value,
  response_type: value,
  scope: value,
  state: value,
  redirect_uri: value,
});
const authorizeForm = authorizeQuery.extend({ action: value });
const mfaQuery = z.object({ onetime_token: value, state: value, redirect_uri: value });
const mfaForm = mfaQuery.extend({ action: value });
const tokenForm = z.object({ grant_type: value, code: value, redirect_uri: value, client_id: value });
const mfaResultForm = z.object({ onetime_token: value, client_id: value });

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function redirectWith(reply: FastifyReply, uri: string, query: Readonly<Record<string, string>>) {
  const target = new URL(uri);
  for (const [name, text] of Object.entries(query)) target.searchParams.set(name, text);
  return reply.code(303).header('cache-control', 'no-store').redirect(target.href);
}

/**
 * The card issuer simulator (decision 018): its authorize screen (spec §7: client id, response type code,
 * scope openid, state, callback /saisonConnect) with the choices to link a points card or a card without
 * points, to refuse, or to put the card service in maintenance; its multi-factor screen (onetime_token,
 * callback /saisonConnect/mfa, state) that succeeds or fails; and the endpoints our server calls:
 * token (code → onetime token), mfa/result (onetime token → the card) and status (maintenance).
 * Registered by partnerRoutes, so only while PARTNER_SIMULATORS is on (never in production).
 */
export const cardIssuerRoutes: FastifyPluginAsyncZod = async (app) => {
  const simulator = new CardIssuerSimulator();
  const callbackUri = (path: string) => new URL(path, app.config.publicOrigin).href;
  const now = () => app.realClock.now().getTime();

  /** What is wrong with an authorize request; empty: it may be answered. */
  function authorizeProblems(request: z.infer<typeof authorizeQuery>): string[] {
    const problems: string[] = [];
    if (request.client_id !== cardIssuerClientId) problems.push('client_id が登録されていません。');
    if (request.response_type !== 'code') problems.push('response_type は code のみ使えます。');
    if (!(request.scope ?? '').split(' ').includes('openid')) problems.push('scope に openid がありません。');
    if (request.state === undefined || request.state === '' || request.state.length > 512)
      problems.push('state がありません。');
    if (request.redirect_uri !== callbackUri(CardLinkCallbackPath.authorize))
      problems.push('redirect_uri が登録されたものと異なります。');
    return problems;
  }

  function viewOf(request: z.infer<typeof authorizeQuery>): AuthorizeRequestView {
    return {
      clientId: request.client_id ?? '',
      responseType: request.response_type ?? '',
      scope: request.scope ?? '',
      state: request.state ?? '',
      redirectUri: request.redirect_uri ?? '',
    };
  }

  /** A form posted from another site carries its Origin: only our own pages may post these forms. */
  function foreignOrigin(origin: string | undefined): boolean {
    return origin !== undefined && origin !== app.config.publicOrigin;
  }

  app.get(
    CardIssuerPath.authorize,
    { schema: { hide: true, querystring: authorizeQuery } },
    async (request, reply) => {
      const problems = authorizeProblems(request.query);
      if (problems.length > 0)
        return sendHtml(reply, 400, renderBadRequest('カード連携を開始できません', problems));
      return sendHtml(reply, 200, renderAuthorize(viewOf(request.query), simulator.underMaintenance));
    },
  );

  app.post(
    CardIssuerPath.authorize,
    { schema: { hide: true, body: authorizeForm } },
    async (request, reply) => {
      const problems = authorizeProblems(request.body);
      if (foreignOrigin(request.headers.origin)) problems.push('このフォームは送信できません。');
      if (problems.length > 0)
        return sendHtml(reply, 400, renderBadRequest('カード連携を開始できません', problems));
      const { state = '', redirect_uri: redirectUri = '', action } = request.body;
      switch (action) {
        case 'points-card':
        case 'non-points-card': {
          if (simulator.underMaintenance)
            return redirectWith(reply, redirectUri, { error: 'temporarily_unavailable', state });
          const code = simulator.issueCode(action satisfies CardChoice, redirectUri, now());
          return redirectWith(reply, redirectUri, { code, state });
        }
        case 'refuse':
          return redirectWith(reply, redirectUri, { error: 'access_denied', state });
        case 'maintenance':
          simulator.setMaintenance(true);
          return redirectWith(reply, redirectUri, { error: 'temporarily_unavailable', state });
        case 'end-maintenance':
          simulator.setMaintenance(false);
          return sendHtml(reply, 200, renderAuthorize(viewOf(request.body), false));
        default:
          return sendHtml(
            reply,
            400,
            renderBadRequest('カード連携を開始できません', ['選択肢が正しくありません。']),
          );
      }
    },
  );

  app.get(CardIssuerPath.mfa, { schema: { hide: true, querystring: mfaQuery } }, async (request, reply) => {
    const { onetime_token: token = '', state = '', redirect_uri: redirectUri } = request.query;
    const problems: string[] = [];
    if (!simulator.hasPendingMfa(token, now()))
      problems.push('onetime_token が無効か、有効期限が切れています。');
    if (state === '' || state.length > 512) problems.push('state がありません。');
    if (redirectUri !== callbackUri(CardLinkCallbackPath.mfa))
      problems.push('redirect_uri が登録されたものと異なります。');
    if (problems.length > 0)
      return sendHtml(reply, 400, renderBadRequest('本人認証を開始できません', problems));
    return sendHtml(reply, 200, renderMfa({ onetimeToken: token, state, redirectUri: redirectUri! }));
  });

  app.post(CardIssuerPath.mfa, { schema: { hide: true, body: mfaForm } }, async (request, reply) => {
    const { onetime_token: token = '', state = '', redirect_uri: redirectUri, action } = request.body;
    const problems: string[] = [];
    if (foreignOrigin(request.headers.origin)) problems.push('このフォームは送信できません。');
    if (redirectUri !== callbackUri(CardLinkCallbackPath.mfa))
      problems.push('redirect_uri が登録されたものと異なります。');
    if (action !== 'success' && action !== 'fail') problems.push('選択肢が正しくありません。');
    if (problems.length === 0 && !simulator.completeMfa(token, action === 'success', now()))
      problems.push('onetime_token が無効か、有効期限が切れています。');
    if (problems.length > 0)
      return sendHtml(reply, 400, renderBadRequest('本人認証を完了できません', problems));
    return redirectWith(
      reply,
      redirectUri!,
      action === 'success' ? { state } : { state, error: 'mfa_failed' },
    );
  });

  // server-to-server (our API calls them; see modules/payment-accounts/card-issuer-client.ts)
  app.post(CardIssuerPath.token, { schema: { hide: true, body: tokenForm } }, async (request, reply) => {
    const {
      grant_type: grantType,
      code = '',
      redirect_uri: redirectUri = '',
      client_id: clientId,
    } = request.body;
    reply.header('cache-control', 'no-store');
    if (grantType !== 'authorization_code') return reply.code(400).send({ error: 'unsupported_grant_type' });
    if (clientId !== cardIssuerClientId) return reply.code(401).send({ error: 'invalid_client' });
    const exchange = simulator.exchangeCode(code, redirectUri, now());
    if (!exchange.ok)
      return reply.code(exchange.error === 'invalid_grant' ? 400 : 503).send({ error: exchange.error });
    return {
      access_token: `simulated.${exchange.onetimeToken.slice(0, 12)}`,
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'openid',
      mfa_required: true,
      onetime_token: exchange.onetimeToken,
    };
  });

  app.post(
    CardIssuerPath.mfaResult,
    { schema: { hide: true, body: mfaResultForm } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.body.client_id !== cardIssuerClientId)
        return reply.code(401).send({ error: 'invalid_client' });
      const outcome = simulator.mfaResult(request.body.onetime_token ?? '', now());
      if (!outcome.ok)
        return reply.code(outcome.error === 'mfa_not_completed' ? 400 : 503).send({ error: outcome.error });
      const { card } = outcome;
      return {
        sub: card.subject,
        card: { name: card.cardName, last4: card.last4, expiry: card.expiry, points_card: card.pointsCard },
      };
    },
  );

  app.get(CardIssuerPath.status, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ maintenance: simulator.underMaintenance }),
  );
};
