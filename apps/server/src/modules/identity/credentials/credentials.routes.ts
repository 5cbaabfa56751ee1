import formBody from '@fastify/formbody';
import { identityHealthSchema, IdentityAccountPath } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMfaServices } from '../authenticators/mfa-services.ts';
import { tags, type CredentialsRoutesOptions } from './credentials-api.ts';
import { CredentialsRateLimits } from './credentials-rate-limits.ts';
import { accountSessionRoutes } from './sessions.routes.ts';
import { CredentialsService } from './credentials.service.ts';
import { credentialChangeRoutes } from './credential-change.routes.ts';
import { passwordResetPageRoutes } from './password-reset-pages.routes.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { providerHandOffRoutes } from './provider-hand-off.routes.ts';
import { signUpPageRoutes } from './sign-up-pages.routes.ts';
import { signUpRoutes } from './sign-up.routes.ts';

/**
 * The account side of /auth/v1 (spec §7): sign-up, password reset, credential changes, sessions and
 * sign-in history, with the sign-up and reset pages linked from the sign-in page.
 */
export const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.config.identity;
  const service = new CredentialsService({
    db: app.db.db,
    clock: app.realClock,
    mailer: app.mailer,
    emailOtp: createMfaServices(app.config, { db: app.db.db, clock: app.realClock, mailer: app.mailer })
      .emailOtp,
    lockThreshold: identity.lockThreshold,
    log: app.log,
  });
  const limits = new CredentialsRateLimits(
    app.db.db,
    identity.signInLimitPerIp,
    identity.signInLimitPerAccount,
    () => app.realClock.now().getTime(),
  );

  await app.register(providerHandOffRoutes, { limits });

  app.get(
    IdentityAccountPath.health,
    {
      schema: {
        operationId: 'getIdentityHealth',
        summary: 'Identity service health',
        tags,
        response: { 200: identityHealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const options: CredentialsRoutesOptions = { service, limits };
  await app.register(signUpRoutes, options);
  await app.register(passwordResetRoutes, options);
  await app.register(credentialChangeRoutes, options);
  await app.register(accountSessionRoutes);

  // the sign-up and reset pages post forms
  await app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: 16_384 });
    await scope.register(signUpPageRoutes, options);
    await scope.register(passwordResetPageRoutes, options);
  });
};
