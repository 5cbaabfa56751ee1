import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mfaMessages } from '../authenticators/mfa.routes.ts';
import { form, sendHtml, type SecurityPagesContext } from './security-pages-context.ts';
import { accountFormPage, securityPagesPath, currentPasswordField } from './security-pages-views.ts';

const passkeyParams = z.object({ id: z.uuid() });

/** Adding a passkey (the browser creates it, the page posts it with the current password) and deleting one. */
export const securityPagesPasskeyRoutes: FastifyPluginAsyncZod<SecurityPagesContext> = async (
  pages,
  context,
) => {
  const { services, limiter, signedIn, reauthenticate, home } = context;

  const passkeyAttempt = (customerId: string) => `webauthn-setup:${customerId}`;
  const passkeyForm = (csrf: string, errors: { current?: string; name?: string } = {}, formError?: string) =>
    accountFormPage({
      title: 'パスキーの追加',
      intro: 'この端末の指紋・顔認証や画面ロックでログインできるようになります。',
      action: `${securityPagesPath}/passkeys`,
      csrf,
      fields: [
        currentPasswordField(errors.current),
        {
          name: 'name',
          label: 'パスキーの名前（任意）',
          type: 'text',
          autocomplete: 'off',
          hint: '例: 自宅のパソコン',
          optional: true,
          ...(errors.name === undefined ? {} : { error: errors.name }),
        },
      ],
      submitLabel: 'パスキーを登録する',
      passkey: { optionsUrl: `${securityPagesPath}/passkeys/options` },
      ...(formError === undefined ? {} : { formError }),
    });

  pages.get(`${securityPagesPath}/passkeys/new`, { schema: { hide: true } }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === undefined) return reply;
    return sendHtml(reply, 200, passkeyForm(session.csrfToken));
  });

  pages.post(`${securityPagesPath}/passkeys/options`, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers['x-csrf-token'];
    const session = await signedIn(request, reply, typeof header === 'string' ? header : undefined);
    if (session === undefined) return reply;
    const options = await services.webauthn.registrationOptions({
      customerId: session.customerId,
      attemptId: passkeyAttempt(session.customerId),
    });
    return reply.header('cache-control', 'no-store').send(options);
  });

  pages.post(
    `${securityPagesPath}/passkeys`,
    { schema: { hide: true, body: form } },
    async (request, reply) => {
      const session = await signedIn(request, reply, request.body['csrf']);
      if (session === undefined) return reply;
      const name = (request.body['name'] ?? '').trim();
      if (name.length > 64) {
        return sendHtml(
          reply,
          400,
          passkeyForm(session.csrfToken, { name: '64文字以内で入力してください。' }),
        );
      }
      const refused = await reauthenticate(session.customerId, request.body['current_password']);
      if (refused !== undefined) {
        return sendHtml(
          reply,
          refused === mfaMessages.locked ? 403 : 401,
          passkeyForm(session.csrfToken, { current: refused }),
        );
      }
      let credential: unknown;
      try {
        credential = JSON.parse(request.body['credential'] ?? '');
      } catch {
        credential = undefined;
      }
      if (typeof credential !== 'object' || credential === null) {
        return sendHtml(reply, 400, passkeyForm(session.csrfToken, {}, mfaMessages.passkeyFailed));
      }
      if (!(await limiter.hit(`webauthn:${session.customerId}`)).allowed) {
        return sendHtml(reply, 429, passkeyForm(session.csrfToken, {}, mfaMessages.tooManyAttempts));
      }
      const result = await services.webauthn.verifyRegistration({
        customerId: session.customerId,
        attemptId: passkeyAttempt(session.customerId),
        response: credential as RegistrationResponseJSON,
        name: name === '' ? undefined : name,
      });
      if (!result.ok) {
        const message =
          result.reason === 'duplicate' ? mfaMessages.passkeyDuplicate : mfaMessages.passkeyFailed;
        return sendHtml(
          reply,
          result.reason === 'duplicate' ? 409 : 400,
          passkeyForm(session.csrfToken, {}, message),
        );
      }
      return sendHtml(reply, 200, await home(session, `パスキー「${result.passkey.name}」を登録しました。`));
    },
  );

  const deleteForm = (csrf: string, id: string, name: string, error?: string) =>
    accountFormPage({
      title: 'パスキーの削除',
      intro: `パスキー「${name}」を削除します。削除したパスキーではログインできなくなります。`,
      action: `${securityPagesPath}/passkeys/${id}/delete`,
      csrf,
      fields: [currentPasswordField(error)],
      submitLabel: '削除する',
    });

  const passkeyName = async (customerId: string, id: string): Promise<string | undefined> =>
    (await services.webauthn.list(customerId)).find((passkey) => passkey.id === id)?.name;

  pages.get(
    `${securityPagesPath}/passkeys/:id/delete`,
    { schema: { hide: true, params: passkeyParams } },
    async (request, reply) => {
      const session = await signedIn(request, reply);
      if (session === undefined) return reply;
      const name = await passkeyName(session.customerId, request.params.id);
      if (name === undefined) return sendHtml(reply, 404, await home(session, mfaMessages.passkeyNotFound));
      return sendHtml(reply, 200, deleteForm(session.csrfToken, request.params.id, name));
    },
  );

  pages.post(
    `${securityPagesPath}/passkeys/:id/delete`,
    { schema: { hide: true, params: passkeyParams, body: form } },
    async (request, reply) => {
      const session = await signedIn(request, reply, request.body['csrf']);
      if (session === undefined) return reply;
      const id = request.params.id;
      const name = await passkeyName(session.customerId, id);
      if (name === undefined) return sendHtml(reply, 404, await home(session, mfaMessages.passkeyNotFound));
      const refused = await reauthenticate(session.customerId, request.body['current_password']);
      if (refused !== undefined) {
        return sendHtml(
          reply,
          refused === mfaMessages.locked ? 403 : 401,
          deleteForm(session.csrfToken, id, name, refused),
        );
      }
      if (!(await services.webauthn.delete(session.customerId, id))) {
        return sendHtml(reply, 404, await home(session, mfaMessages.passkeyNotFound));
      }
      return sendHtml(reply, 200, await home(session, `パスキー「${name}」を削除しました。`));
    },
  );
};
