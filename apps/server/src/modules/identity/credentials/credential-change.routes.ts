import {
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
  emailChangedSchema,
  emailChangeQuerySchema,
  emailChangeStartedSchema,
  emailChangeStateSchema,
  IdentityAccountPath,
  IdentityScope,
  passwordChangeBodySchema,
} from '@fund/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reauthenticationProof } from '../reauthentication.ts';
import { customerOf, signedInErrors, tags, type CredentialsRoutesOptions } from './credentials-api.ts';

/** The signed-in customer's credential changes: the password, and the email address with its code. */
export const credentialChangeRoutes: FastifyPluginAsyncZod<CredentialsRoutesOptions> = async (
  app,
  options,
) => {
  const { service } = options;
  const write = { onRequest: app.requireCustomer([IdentityScope.userWrite]) };
  const read = { onRequest: app.requireCustomer([]) };

  app.patch(
    IdentityAccountPath.userPassword,
    {
      ...write,
      schema: {
        operationId: 'changePassword',
        summary: 'Changes the password (current password required; the customer is notified by mail)',
        tags,
        body: passwordChangeBodySchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      await service.changePassword(
        customer.customerId,
        reauthenticationProof({
          password: request.body.currentPassword,
          stepUpToken: request.body.stepupToken,
        }),
        request.body.newPassword,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    IdentityAccountPath.userEmail,
    {
      ...write,
      schema: {
        operationId: 'startEmailChange',
        summary:
          'Starts an email change (current password required): a code goes to the new address, a notice to the current one',
        tags,
        body: emailChangeBodySchema,
        response: { 202: emailChangeStartedSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      const started = await service.startEmailChange(
        customer.customerId,
        reauthenticationProof({
          password: request.body.currentPassword,
          stepUpToken: request.body.stepupToken,
        }),
        request.body.newEmail,
      );
      return reply.code(202).send({ ...started, expiresAt: started.expiresAt.toISOString() });
    },
  );

  const confirmEmail = async (
    request: FastifyRequest<{ Body: z.infer<typeof emailChangeConfirmBodySchema> }>,
  ): Promise<{ email: string }> => {
    const customer = customerOf(request);
    return service.confirmEmailChange(customer.customerId, request.body.changeId, request.body.code);
  };
  const confirmEmailSchema = {
    tags,
    body: emailChangeConfirmBodySchema,
    response: { 200: emailChangedSchema, ...signedInErrors },
  };
  app.patch(
    IdentityAccountPath.userEmail,
    {
      ...write,
      schema: {
        ...confirmEmailSchema,
        operationId: 'confirmEmailChange',
        summary:
          'Confirms the email change with the code sent to the new address; the old address is notified',
      },
    },
    confirmEmail,
  );
  app.post(
    IdentityAccountPath.userEmailConfirm,
    {
      ...write,
      schema: {
        ...confirmEmailSchema,
        operationId: 'confirmEmailChangeByPost',
        summary: 'Same as PATCH user/email (for clients that cannot send PATCH)',
      },
    },
    confirmEmail,
  );
  app.get(
    IdentityAccountPath.userEmailConfirm,
    {
      ...read,
      schema: {
        operationId: 'getPendingEmailChange',
        summary: 'Where an email change stands: pending (with the new address and expiry) or none',
        tags,
        querystring: emailChangeQuerySchema,
        response: { 200: emailChangeStateSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const state = await service.emailChangeState(customer.customerId, request.query.changeId);
      return {
        state: state.state,
        ...(state.email === undefined ? {} : { email: state.email }),
        ...(state.expiresAt === undefined ? {} : { expiresAt: state.expiresAt.toISOString() }),
      };
    },
  );
};
