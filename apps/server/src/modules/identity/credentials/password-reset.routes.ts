import {
  IdentityAccountPath,
  passwordConfirmBodySchema,
  passwordForgotBodySchema,
  passwordResetStartedSchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, tags, type CredentialsRoutesOptions } from './credentials-api.ts';

/** Password reset (spec §7): a code by mail, then the new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod<CredentialsRoutesOptions> = async (app, options) => {
  const { service, limits } = options;

  app.post(
    IdentityAccountPath.passwordForgot,
    {
      schema: {
        operationId: 'startPasswordReset',
        summary:
          'Password reset: mails a code when the 口座番号 or address matches one account; same 202 with a fresh resetId either way',
        tags,
        body: passwordForgotBodySchema,
        response: { 202: passwordResetStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'forgot', request.ip, request.body.login);
      const started = await service.forgotPassword(request.body.login);
      return reply.code(202).send({ ...started, expiresAt: started.expiresAt.toISOString() });
    },
  );

  app.post(
    IdentityAccountPath.passwordConfirm,
    {
      schema: {
        operationId: 'confirmPasswordReset',
        summary:
          'Sets the new password with the reset code (single use, 10 minutes). Second factors stay; the failure count restarts, a lock stays; every session ends; the customer is notified',
        tags,
        body: passwordConfirmBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await limits.checkSecret(reply, 'reset-confirm', request.ip, request.body.resetId, () =>
        service.confirmPasswordReset(request.body.resetId, request.body.code, request.body.newPassword),
      );
      return reply.code(204).send(null);
    },
  );
};
