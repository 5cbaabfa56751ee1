import {
  checkEmailBodySchema,
  checkEmailResultSchema,
  codeSentSchema,
  IdentityAccountPath,
  registerBodySchema,
  registerConfirmBodySchema,
  registeredSchema,
  registrationResendBodySchema,
  registrationStartedSchema,
} from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, tags, type CredentialsRoutesOptions } from './credentials-api.ts';

/** Sign-up (spec §7): the mailed code, checking an address, confirming, sending the code again. */
export const signUpRoutes: FastifyPluginAsyncZod<CredentialsRoutesOptions> = async (app, options) => {
  const { service, limits } = options;

  app.post(
    IdentityAccountPath.register,
    {
      schema: {
        operationId: 'startSignUp',
        summary:
          'Sign-up: mails a 6-digit code to the address (or, when it is already registered, a notice to its owner); same 202 either way',
        tags,
        body: registerBodySchema,
        response: { 202: registrationStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'register', request.ip, request.body.email);
      const started = await service.register(request.body);
      return reply.code(202).send({ ...started, expiresAt: started.expiresAt.toISOString() });
    },
  );

  app.post(
    IdentityAccountPath.registerCheckEmail,
    {
      schema: {
        operationId: 'checkSignUpEmail',
        summary: 'Whether an address can be used as typed (its form only; never whether it is registered)',
        tags,
        body: checkEmailBodySchema,
        response: { 200: checkEmailResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'check-email', request.ip, request.body.email);
      return { acceptable: z.email().max(254).safeParse(request.body.email).success };
    },
  );

  app.post(
    IdentityAccountPath.registerConfirm,
    {
      schema: {
        operationId: 'confirmSignUp',
        summary:
          'Confirms the sign-up with the mailed code; creates the customer and returns the new 口座番号',
        tags,
        body: registerConfirmBodySchema,
        response: { 201: registeredSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await limits.checkSecret(
        reply,
        'register-confirm',
        request.ip,
        request.body.registrationId,
        () => service.confirmRegistration(request.body.registrationId, request.body.code),
      );
      return reply.code(201).send({ accountNumber: created.accountNumber, branchCode: created.branchCode });
    },
  );

  const resendSchema = {
    tags,
    body: registrationResendBodySchema,
    response: { 202: codeSentSchema, ...errors },
  };
  const resend = async (
    request: FastifyRequest<{ Body: z.infer<typeof registrationResendBodySchema> }>,
    reply: FastifyReply,
  ) => {
    await limits.check(reply, 'register-resend', request.ip, request.body.registrationId);
    const sent = await service.resendRegistrationCode(request.body.registrationId);
    return reply.code(202).send({ expiresAt: sent.expiresAt.toISOString() });
  };
  app.post(
    IdentityAccountPath.registerConfirmResend,
    {
      schema: {
        ...resendSchema,
        operationId: 'resendSignUpCode',
        summary: 'Mails a new sign-up code (the previous one stops working); same answer for any id',
      },
    },
    resend,
  );
  app.post(
    IdentityAccountPath.registerOtpEmail,
    {
      schema: {
        ...resendSchema,
        operationId: 'resendSignUpCodeByEmail',
        summary:
          'Sends the sign-up code by email again: the same as register/confirm/resend (the spec lists both; codes only go by email)',
      },
    },
    resend,
  );
};
