import formBody from '@fastify/formbody';
import { errorBodySchema, OperatorIdentityPath, operatorProfileSchema } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../../errors/app-error.ts';
import { mountPoolProvider } from '../oidc-provider-factory.ts';
import { createOperatorOidcProvider } from './operator-oidc-provider.ts';
import { operatorPagesContext } from './operator-pages-context.ts';
import { operatorPasswordPagesRoutes } from './operator-password-pages.routes.ts';
import { operatorSignInPagesRoutes } from './operator-sign-in-pages.routes.ts';
import { findOperatorById } from './operator.repository.ts';

/**
 * The operator (administrator) sign-in: its own OpenID provider under /oidc-admin with the client
 * `fund-admin`, its pages under /auth/v1/operator/interaction, and the operator profile call.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const provider = createOperatorOidcProvider({
    publicOrigin: config.publicOrigin,
    identity: config.identity,
    keys: app.signingKeys,
    db: app.db.db,
    trustProxy: config.trustProxy !== false,
  });
  const context = operatorPagesContext(app, provider);

  // --- The operators' OpenID provider (a Koa app) under /oidc-admin --------------------------------
  await mountPoolProvider(app, provider, {
    path: OperatorIdentityPath.oidc,
    name: 'Operator OpenID provider',
  });

  // --- Operator sign-in pages ----------------------------------------------------------------------
  await app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: 16_384 });
    await scope.register(operatorSignInPagesRoutes, context);
    await scope.register(operatorPasswordPagesRoutes, context);
  });

  // --- Calls with an operator token ----------------------------------------------------------------
  app.get(
    OperatorIdentityPath.operatorProfile,
    {
      onRequest: app.requireOperator(),
      schema: {
        operationId: 'getOperatorProfile',
        summary: 'The signed-in operator (operator bearer token from /oidc-admin)',
        tags: ['identity'],
        response: { 200: operatorProfileSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const operator = request.operator;
      const row = operator === null ? undefined : await findOperatorById(app.db.db, operator.operatorId);
      if (operator === null || row === undefined) throw new NotFoundError();
      return {
        operatorId: row.id,
        loginId: row.loginId,
        name: row.name,
        canActAsCustomer: operator.canActAsCustomer,
      };
    },
  );
};
