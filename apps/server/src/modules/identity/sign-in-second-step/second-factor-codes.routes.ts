import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInMessages } from '../interaction-pages.ts';
import { sendHtml } from '../provider-interactions.ts';
import type { SecondFactorContext } from './second-factor-context.ts';
import { secondFactorMessages, secondFactorPage } from './second-factor-pages.ts';
import { codeBody, selectBody, secondFactorRoute, uidParams } from './second-factor-requests.ts';

/** Choosing a method, and the six-digit codes: the authenticator app's (TOTP) and the emailed one. */
export const secondFactorCodeRoutes: FastifyPluginAsyncZod<SecondFactorContext> = async (pages, context) => {
  const { services, refuse, pendingOf, checkAllowed, wrong, passSecondFactor, showMethod } = context;
  const base = secondFactorRoute;

  /**
   * The pending attempt and a well-formed code for `method`, counted against the IP limit; otherwise
   * undefined, with the error page or the form and its message already sent.
   */
  const codeEntered = async (
    request: FastifyRequest<{ Params: { uid: string }; Body: { code?: string | undefined } }>,
    reply: FastifyReply,
    method: 'totp' | 'email',
  ) => {
    const uid = request.params.uid;
    const state = await pendingOf(uid, request, reply);
    if (state === undefined) return undefined;
    const { methods, pending } = state;
    if (!methods.includes(method)) {
      refuse(reply, 400, signInMessages.authenticationError);
      return undefined;
    }
    const code = (request.body.code ?? '').trim();
    const page = (error: string) => secondFactorPage({ uid, method, methods, error });
    const formatError =
      code === ''
        ? secondFactorMessages.codeEmpty
        : /^\d{6}$/.test(code)
          ? undefined
          : secondFactorMessages.codeFormat;
    if (formatError !== undefined) {
      sendHtml(reply, 400, page(formatError));
      return undefined;
    }
    if (!(await checkAllowed(request, reply, () => page(secondFactorMessages.tooManyAttempts))))
      return undefined;
    return { uid, methods, pending, code };
  };

  pages.post(
    `${base}/select`,
    { schema: { hide: true, params: uidParams, body: selectBody } },
    async (request, reply) => {
      const state = await pendingOf(request.params.uid, request, reply);
      if (state === undefined) return reply;
      const chosen = state.methods.find((method) => method === request.body.method) ?? state.methods[0];
      if (chosen === undefined) return refuse(reply, 400, signInMessages.sessionExpired);
      return showMethod(reply, request.params.uid, state.pending.customerId, chosen, state.methods);
    },
  );

  pages.post(
    `${base}/totp`,
    { schema: { hide: true, params: uidParams, body: codeBody } },
    async (request, reply) => {
      const entered = await codeEntered(request, reply, 'totp');
      if (entered === undefined) return reply;
      const { uid, methods, pending, code } = entered;
      if (!(await services.totp.verify(pending.customerId, code))) {
        return wrong(request, uid, reply, 'totp', methods, secondFactorMessages.codeWrong);
      }
      return passSecondFactor(request, reply, uid, pending.customerId, ['otp', 'mfa']);
    },
  );

  pages.post(
    `${base}/email`,
    { schema: { hide: true, params: uidParams, body: codeBody } },
    async (request, reply) => {
      const entered = await codeEntered(request, reply, 'email');
      if (entered === undefined) return reply;
      const { uid, methods, pending, code } = entered;
      const checked = await services.emailOtp.check({ purpose: 'sign_in', attemptId: uid, code });
      if (!checked.ok || checked.customerId !== pending.customerId) {
        const message =
          !checked.ok && checked.reason === 'wrong'
            ? secondFactorMessages.codeWrong
            : secondFactorMessages.codeExpired;
        return wrong(request, uid, reply, 'email', methods, message);
      }
      return passSecondFactor(request, reply, uid, pending.customerId, ['otp', 'mfa']);
    },
  );

  pages.post(
    `${base}/email/resend`,
    { schema: { hide: true, params: uidParams } },
    async (request, reply) => {
      const state = await pendingOf(request.params.uid, request, reply);
      if (state === undefined) return reply;
      if (!state.methods.includes('email')) return refuse(reply, 400, signInMessages.authenticationError);
      return showMethod(reply, request.params.uid, state.pending.customerId, 'email', state.methods);
    },
  );
};
