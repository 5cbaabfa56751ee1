import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revokeAccountSession } from '../credentials/sessions.repository.ts';
import { errorPage } from '../interaction-pages.ts';
import {
  form,
  loginCookie,
  messages,
  seeOther,
  sendHtml,
  sessionCookie,
  type SecurityPagesContext,
} from './security-pages-context.ts';
import { securityPagesCallbackPath, securityPagesClientId } from './security-pages-secrets.ts';
import { securityPagesPath, confirmPage } from './security-pages-views.ts';

const callbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/** The page session: the sign-in round trip through the provider, the home page, sign-out and ending sessions. */
export const securityPagesSessionRoutes: FastifyPluginAsyncZod<SecurityPagesContext> = async (
  pages,
  context,
) => {
  const { provider, sessions, secrets, secure, callbackUri, cookieOptions, signedCookie, signedIn, home } =
    context;
  const { config } = pages;
  const db = pages.db.db;

  // --- sign-in round trip ---------------------------------------------------------------------------
  pages.get(securityPagesPath, { schema: { hide: true } }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === undefined) return reply;
    return sendHtml(reply, 200, await home(session));
  });

  pages.get(
    securityPagesCallbackPath,
    { schema: { hide: true, querystring: callbackQuery } },
    async (request, reply) => {
      const saved = signedCookie(request, loginCookie);
      reply.clearCookie(loginCookie, { path: securityPagesPath });
      const [state, verifier] = (saved ?? '').split('.');
      const { code } = request.query;
      if (
        code === undefined ||
        state === undefined ||
        verifier === undefined ||
        request.query.state !== state
      ) {
        return sendHtml(reply, 400, errorPage('ログインを続けられません', messages.signInFailed));
      }
      // The code's grant identifies the session this page session belongs to (ending it ends both).
      const issued = await provider.AuthorizationCode.find(code);
      const grantId = issued?.grantId;
      const accountId = issued?.accountId;
      if (issued?.clientId !== securityPagesClientId || grantId === undefined || accountId === undefined) {
        return sendHtml(reply, 400, errorPage('ログインを続けられません', messages.signInFailed));
      }
      // The exchange goes through the token endpoint like any client's: PKCE, client secret, single use.
      const basic = Buffer.from(
        `${encodeURIComponent(securityPagesClientId)}:${encodeURIComponent(secrets.clientSecret)}`,
      ).toString('base64');
      const exchanged = await pages.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: {
          host: new URL(config.publicOrigin).host,
          ...(secure ? { 'x-forwarded-proto': 'https' } : {}),
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: callbackUri,
          code_verifier: verifier,
        }).toString(),
      });
      if (exchanged.statusCode !== 200) {
        request.log.warn({ status: exchanged.statusCode }, 'Account pages: code exchange refused');
        return sendHtml(reply, 400, errorPage('ログインを続けられません', messages.signInFailed));
      }
      const session = await sessions.create(accountId, grantId);
      reply.setCookie(sessionCookie, session.id, cookieOptions());
      return seeOther(reply, securityPagesPath);
    },
  );

  pages.post(
    `${securityPagesPath}/sign-out`,
    { schema: { hide: true, body: form } },
    async (request, reply) => {
      const session = await signedIn(request, reply, request.body['csrf']);
      if (session === undefined) return reply;
      await revokeAccountSession(db, session.customerId, session.grantId);
      await sessions.end(session.id);
      reply.clearCookie(sessionCookie, { path: securityPagesPath });
      // The provider's own sign-in session ends too (RP-initiated logout, with its confirmation page):
      // otherwise opening the account pages again would sign the next person in without a prompt.
      const query = new URLSearchParams({ client_id: securityPagesClientId });
      return seeOther(reply, `/oidc/session/end?${query.toString()}`);
    },
  );

  // --- sessions ------------------------------------------------------------------------------------
  pages.post(
    `${securityPagesPath}/sessions/end`,
    { schema: { hide: true, body: form } },
    async (request, reply) => {
      const session = await signedIn(request, reply, request.body['csrf']);
      if (session === undefined) return reply;
      const grantId = request.body['session_id'] ?? '';
      const ended = await revokeAccountSession(db, session.customerId, grantId);
      if (grantId === session.grantId) {
        reply.clearCookie(sessionCookie, { path: securityPagesPath });
        return sendHtml(
          reply,
          200,
          confirmPage('ログアウトしました', 'お客さま情報・セキュリティ設定からログアウトしました。'),
        );
      }
      return sendHtml(
        reply,
        ended ? 200 : 404,
        await home(session, ended ? 'セッションを終了しました。' : 'セッションが見つかりません。'),
      );
    },
  );
};
