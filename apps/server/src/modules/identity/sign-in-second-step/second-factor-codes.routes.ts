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
      const uid = request.params.uid;
      const state = await pendingOf(uid, request, reply);
      if (state === undefined) return reply;
      const { methods, pending } = state;
      if (!methods.includes('totp')) return refuse(reply, 400, signInMessages.authenticationError);
      const code = (request.body.code ?? '').trim();
      const page = (error: string) => secondFactorPage({ uid, method: 'totp', methods, error });
      if (code === '') return sendHtml(reply, 400, page(secondFactorMessages.codeEmpty));
      if (!/^\d{6}$/.test(code)) return sendHtml(reply, 400, page(secondFactorMessages.codeFormat));
      if (!(await checkAllowed(request, reply, () => page(secondFactorMessages.tooManyAttempts))))
        return reply;
      if (!(await services.totp.verify(pending.customerId, code))) {
        return wrong(uid, reply, 'totp', methods, secondFactorMessages.codeWrong);
      }
      return passSecondFactor(request, reply, uid, pending.customerId, ['otp', 'mfa']);
    },
  );

  pages.post(
    `${base}/email`,
    { schema: { hide: true, params: uidParams, body: codeBody } },
    async (request, reply) => {
      const uid = request.params.uid;
      const state = await pendingOf(uid, request, reply);
      if (state === undefined) return reply;
      const { methods, pending } = state;
      if (!methods.includes('email')) return refuse(reply, 400, signInMessages.authenticationError);
      const code = (request.body.code ?? '').trim();
      const page = (error: string) => secondFactorPage({ uid, method: 'email', methods, error });
      if (code === '') return sendHtml(reply, 400, page(secondFactorMessages.codeEmpty));
      if (!/^\d{6}$/.test(code)) return sendHtml(reply, 400, page(secondFactorMessages.codeFormat));
      if (!(await checkAllowed(request, reply, () => page(secondFactorMessages.tooManyAttempts))))
        return reply;
      const checked = await services.emailOtp.check({ purpose: 'sign_in', attemptId: uid, code });
      if (!checked.ok || checked.customerId !== pending.customerId) {
        const message =
          !checked.ok && checked.reason === 'wrong'
            ? secondFactorMessages.codeWrong
            : secondFactorMessages.codeExpired;
        return wrong(uid, reply, 'email', methods, message);
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
