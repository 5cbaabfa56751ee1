import { OperatorIdentityPath } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorPage, signInMessages } from '../interaction-pages.ts';
import { abortInteraction, grantWhatIsMissing, sendHtml } from '../provider-interactions.ts';
import {
  loginIdPattern,
  pendingPasswordChangeKey,
  signInBody,
  uidParams,
  type OperatorPagesContext,
} from './operator-pages-context.ts';
import { operatorMessages } from './operator-pages.ts';
import { signInOperator } from './operator-sign-in.service.ts';

/** The operator's sign-in page: the interaction's page, ログインID and password, and giving up. */
export const operatorSignInPagesRoutes: FastifyPluginAsyncZod<OperatorPagesContext> = async (
  pages,
  context,
) => {
  const { provider, dependencies, refuseForeignOrigin, interactionOf } = context;
  const { signInForm, newPasswordForm, pendingOperatorId, complete, overLimit, countAgainstAddress } =
    context;

  pages.get(
    `${OperatorIdentityPath.interaction}/:uid`,
    { schema: { hide: true, params: uidParams } },
    async (request, reply) => {
      const details = await interactionOf(request.params.uid, request, reply);
      if (details === undefined) return reply;
      if (details.prompt.name === 'login') {
        if (pendingOperatorId(details) !== undefined)
          return sendHtml(reply, 200, newPasswordForm(details.uid));
        return sendHtml(reply, 200, signInForm(details.uid, ''));
      }
      if (details.prompt.name === 'consent') {
        // `fund-admin` is the only client and our own: consent is granted without a page.
        const grantId = await grantWhatIsMissing(provider, details);
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return reply.code(303).redirect(returnTo);
      }
      return sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.authenticationError));
    },
  );

  pages.post(
    `${OperatorIdentityPath.interaction}/:uid/login`,
    { schema: { hide: true, params: uidParams, body: signInBody } },
    async (request, reply) => {
      if (refuseForeignOrigin(request, reply)) return reply;
      const details = await interactionOf(request.params.uid, request, reply);
      if (details === undefined) return reply;
      if (details.prompt.name !== 'login') {
        return sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.sessionExpired));
      }
      const loginId = (request.body.login_id ?? '').trim().toLowerCase();
      const password = request.body.password ?? '';
      const fieldErrors: { loginId?: string; password?: string } = {};
      if (loginId === '') fieldErrors.loginId = operatorMessages.loginIdEmpty;
      else if (!loginIdPattern.test(loginId)) fieldErrors.loginId = operatorMessages.loginIdFormat;
      if (password === '') fieldErrors.password = operatorMessages.passwordEmpty;
      if (Object.keys(fieldErrors).length > 0) {
        return sendHtml(reply, 400, signInForm(details.uid, loginId, { fieldErrors }));
      }
      if (await overLimit(request, reply, loginId)) {
        return sendHtml(
          reply,
          429,
          signInForm(details.uid, loginId, { formError: operatorMessages.tooManyAttempts }),
        );
      }
      const result = await signInOperator(dependencies(request), { loginId, password });
      switch (result.kind) {
        case 'invalid':
          await countAgainstAddress(request);
          return sendHtml(
            reply,
            401,
            signInForm(details.uid, loginId, { formError: operatorMessages.invalidCredentials }),
          );
        case 'locked':
          return sendHtml(
            reply,
            403,
            signInForm(details.uid, loginId, { formError: operatorMessages.locked }),
          );
        case 'new_password_required':
          // Kept on the interaction (server side, bound to this browser's interaction cookie).
          await provider.interactionResult(
            request.raw,
            reply.raw,
            { [pendingPasswordChangeKey]: { operatorId: result.operator.id } },
            { mergeWithLastSubmission: false },
          );
          request.log.info(
            { operatorId: result.operator.id },
            'Operator signed in with a temporary password',
          );
          return sendHtml(reply, 200, newPasswordForm(details.uid));
        case 'signed_in':
          request.log.info({ operatorId: result.operator.id }, 'Operator signed in');
          return complete(request, reply, result.operator.id);
      }
    },
  );

  pages.post(
    `${OperatorIdentityPath.interaction}/:uid/abort`,
    { schema: { hide: true, params: uidParams } },
    async (request, reply) => {
      if (refuseForeignOrigin(request, reply)) return reply;
      const details = await interactionOf(request.params.uid, request, reply);
      if (details === undefined) return reply;
      return abortInteraction(provider, request, reply);
    },
  );
};
