import { OperatorIdentityPath } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorPage, signInMessages } from '../interaction-pages.ts';
import { sendHtml } from '../provider-interactions.ts';
import {
  firstProblemMessage,
  forgotBody,
  loginIdPattern,
  newPasswordBody,
  resetBody,
  uidParams,
  type OperatorPagesContext,
} from './operator-pages-context.ts';
import {
  forgotPasswordPage,
  operatorMessages,
  resetPasswordPage,
  type OperatorFieldErrors,
} from './operator-pages.ts';
import {
  replaceTemporaryPassword,
  requestPasswordReset,
  resetPasswordWithCode,
} from './operator-sign-in.service.ts';

/**
 * The operator's password pages: the new password after a temporary one, and a forgotten password
 * reset with a mailed code.
 */
export const operatorPasswordPagesRoutes: FastifyPluginAsyncZod<OperatorPagesContext> = async (
  pages,
  context,
) => {
  const { dependencies, refuseForeignOrigin, interactionOf, paths } = context;
  const { signInForm, newPasswordForm, pendingOperatorId, complete, overLimit, countAgainstAddress } =
    context;

  pages.post(
    `${OperatorIdentityPath.interaction}/:uid/new-password`,
    { schema: { hide: true, params: uidParams, body: newPasswordBody } },
    async (request, reply) => {
      if (refuseForeignOrigin(request, reply)) return reply;
      const details = await interactionOf(request.params.uid, request, reply);
      if (details === undefined) return reply;
      const operatorId = pendingOperatorId(details);
      if (details.prompt.name !== 'login' || operatorId === undefined) {
        return sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.sessionExpired));
      }
      const newPassword = request.body.new_password ?? '';
      if (newPassword === '') {
        return sendHtml(reply, 400, newPasswordForm(details.uid, operatorMessages.newPasswordEmpty));
      }
      const result = await replaceTemporaryPassword(dependencies(request), operatorId, newPassword);
      if (result.kind === 'invalid') {
        return sendHtml(
          reply,
          400,
          errorPage('ログインを続けられません', signInMessages.authenticationError),
        );
      }
      if (result.kind === 'rejected') {
        return sendHtml(reply, 400, newPasswordForm(details.uid, firstProblemMessage(result.problems)));
      }
      request.log.info({ operatorId }, 'Operator replaced the temporary password');
      return complete(request, reply, operatorId);
    },
  );

  pages.get(
    `${OperatorIdentityPath.interaction}/:uid/forgot`,
    { schema: { hide: true, params: uidParams } },
    async (request, reply) => {
      const details = await interactionOf(request.params.uid, request, reply);
      if (details === undefined) return reply;
      const p = paths(details.uid);
      return sendHtml(reply, 200, forgotPasswordPage({ action: p.forgot, backHref: p.page, loginId: '' }));
    },
  );

  pages.post(
    `${OperatorIdentityPath.interaction}/:uid/forgot`,
    { schema: { hide: true, params: uidParams, body: forgotBody } },
    async (request, reply) => {
      if (refuseForeignOrigin(request, reply)) return reply;
      const details = await interactionOf(request.params.uid, request, reply);
      if (details === undefined) return reply;
      const p = paths(details.uid);
      const loginId = (request.body.login_id ?? '').trim().toLowerCase();
      const loginIdError =
        loginId === ''
          ? operatorMessages.loginIdEmpty
          : loginIdPattern.test(loginId)
            ? undefined
            : operatorMessages.loginIdFormat;
      const forgotForm = (extra: { fieldErrors?: OperatorFieldErrors; formError?: string }) =>
        forgotPasswordPage({ action: p.forgot, backHref: p.page, loginId, ...extra });
      if (loginIdError !== undefined) {
        return sendHtml(reply, 400, forgotForm({ fieldErrors: { loginId: loginIdError } }));
      }
      if (await overLimit(request, reply, loginId)) {
        return sendHtml(reply, 429, forgotForm({ formError: operatorMessages.tooManyAttempts }));
      }
      // A mailed code proves nothing about the requester, so every request counts against the address.
      await countAgainstAddress(request);
      await requestPasswordReset(dependencies(request), loginId);
      // The same page whether or not the login id exists (no enumeration).
      return sendHtml(
        reply,
        200,
        resetPasswordPage({
          action: p.reset,
          resendHref: p.forgot,
          loginId,
          notice: operatorMessages.codeSent,
        }),
      );
    },
  );

  pages.post(
    `${OperatorIdentityPath.interaction}/:uid/reset`,
    { schema: { hide: true, params: uidParams, body: resetBody } },
    async (request, reply) => {
      if (refuseForeignOrigin(request, reply)) return reply;
      const details = await interactionOf(request.params.uid, request, reply);
      if (details === undefined) return reply;
      const p = paths(details.uid);
      const loginId = (request.body.login_id ?? '').trim().toLowerCase();
      const code = (request.body.code ?? '').trim();
      const newPassword = request.body.new_password ?? '';
      const fieldErrors: { code?: string; password?: string } = {};
      if (code === '') fieldErrors.code = operatorMessages.codeEmpty;
      else if (!/^\d{6}$/.test(code)) fieldErrors.code = operatorMessages.codeFormat;
      if (newPassword === '') fieldErrors.password = operatorMessages.newPasswordEmpty;
      const resetForm = (extra: { fieldErrors?: OperatorFieldErrors; formError?: string }) =>
        resetPasswordPage({ action: p.reset, resendHref: p.forgot, loginId, ...extra });
      if (!loginIdPattern.test(loginId)) {
        return sendHtml(reply, 400, resetForm({ formError: operatorMessages.invalidCode }));
      }
      if (Object.keys(fieldErrors).length > 0) return sendHtml(reply, 400, resetForm({ fieldErrors }));
      if (await overLimit(request, reply, loginId)) {
        return sendHtml(reply, 429, resetForm({ formError: operatorMessages.tooManyAttempts }));
      }
      const result = await resetPasswordWithCode(dependencies(request), { loginId, code, newPassword });
      if (result.kind === 'invalid_code') {
        await countAgainstAddress(request);
        return sendHtml(reply, 400, resetForm({ fieldErrors: { code: operatorMessages.invalidCode } }));
      }
      if (result.kind === 'rejected') {
        return sendHtml(
          reply,
          400,
          resetForm({ fieldErrors: { password: firstProblemMessage(result.problems) } }),
        );
      }
      request.log.info({ loginId }, 'Operator password reset with a mailed code');
      return sendHtml(
        reply,
        200,
        signInForm(details.uid, loginId, { notice: operatorMessages.passwordReset }),
      );
    },
  );
};
