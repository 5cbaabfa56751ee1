import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityPagesContext, type SecurityPagesRoutesOptions } from './security-pages-context.ts';
import { securityPagesEmailOtpRoutes } from './security-pages-email-otp.routes.ts';
import { securityPagesEmailRoutes } from './security-pages-email.routes.ts';
import { securityPagesPasskeyRoutes } from './security-pages-passkeys.routes.ts';
import { securityPagesPasswordRoutes } from './security-pages-password.routes.ts';
import { securityPagesSessionRoutes } from './security-pages-sessions.routes.ts';
import { securityPagesTotpRoutes } from './security-pages-totp.routes.ts';
import { passkeyRegistrationScriptPath } from './security-pages-views.ts';
import { servePasskeyScript } from '../passkey-script.ts';

/**
 * The identity service's own account pages under /auth/v1/account: sign-in history, sessions (and
 * ending them), password and email change, authenticator app, emailed codes and passkeys. The pages are
 * a client of the provider like any other (`fund-account`, code + PKCE, secret on the server): the
 * customer signs in through the normal pages, the callback keeps only a server-side session id in a
 * signed cookie. Every change needs the current password and is notified by the services it calls.
 */
export const securityPagesRoutes: FastifyPluginAsyncZod<SecurityPagesRoutesOptions> = async (
  app,
  options,
) => {
  const context = securityPagesContext(app, options);

  servePasskeyScript(
    app,
    passkeyRegistrationScriptPath,
    new URL('./passkey-registration.js', import.meta.url),
  );

  await app.register(async (scope) => {
    await scope.register(cookie, { secret: context.secrets.cookieSecret });
    await scope.register(formBody, { bodyLimit: 32_768 });
    // each flow's pages, in the cookie and form scope above
    await scope.register(securityPagesSessionRoutes, context);
    await scope.register(securityPagesPasswordRoutes, context);
    await scope.register(securityPagesEmailRoutes, context);
    await scope.register(securityPagesTotpRoutes, context);
    await scope.register(securityPagesEmailOtpRoutes, context);
    await scope.register(securityPagesPasskeyRoutes, context);
  });
};
