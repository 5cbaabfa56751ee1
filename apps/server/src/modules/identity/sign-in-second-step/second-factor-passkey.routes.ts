import type { Database } from '@fund/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCustomerContact } from '../authenticators/customer-contact.repository.ts';
import { findPasskeyDeviceType } from '../authenticators/webauthn.repository.ts';
import { signInMessages, signInPage } from '../interaction-pages.ts';
import { sendHtml } from '../provider-interactions.ts';
import { findSignInLockedAt, recordSignInEvent } from '../sign-in.repository.ts';
import type { SecondFactorContext } from './second-factor-context.ts';
import { passkeySignInControls, secondFactorMessages, secondFactorPage } from './second-factor-pages.ts';
import { credentialBody, parseAssertion, secondFactorRoute, uidParams } from './second-factor-requests.ts';

/** RFC 8176: a synced passkey lives in software (swk), a device-bound one in hardware (hwk). */
async function passkeyAmr(db: Database, passkeyId: string): Promise<string> {
  return (await findPasskeyDeviceType(db, passkeyId)) === 'singleDevice' ? 'hwk' : 'swk';
}

/**
 * Passkeys (WebAuthn assertions, posted by passkey.js): as the second step after the password, and as
 * the passkey-first sign-in of the sign-in page.
 */
export const secondFactorPasskeyRoutes: FastifyPluginAsyncZod<SecondFactorContext> = async (
  pages,
  context,
) => {
  const { db, services, checksPerIp, refuse } = context;
  const { loginInteraction, pendingOf, checkAllowed, wrong, passSecondFactor, signedIn } = context;
  const base = secondFactorRoute;

  pages.post(
    `${base}/passkey/options`,
    { schema: { hide: true, params: uidParams } },
    async (request, reply) => {
      const state = await pendingOf(request.params.uid, request, reply);
      if (state === undefined) return reply;
      if (!state.methods.includes('passkey')) return refuse(reply, 400, signInMessages.authenticationError);
      const options = await services.webauthn.authenticationOptions({
        attemptId: `${request.params.uid}:second-factor`,
        customerId: state.pending.customerId,
      });
      return reply.header('cache-control', 'no-store').send(options);
    },
  );

  pages.post(
    `${base}/passkey`,
    { schema: { hide: true, params: uidParams, body: credentialBody } },
    async (request, reply) => {
      const uid = request.params.uid;
      const state = await pendingOf(uid, request, reply);
      if (state === undefined) return reply;
      const { methods, pending } = state;
      if (!methods.includes('passkey')) return refuse(reply, 400, signInMessages.authenticationError);
      const page = (error: string) => secondFactorPage({ uid, method: 'passkey', methods, error });
      if (!(await checkAllowed(request, reply, () => page(secondFactorMessages.tooManyAttempts))))
        return reply;
      const response = parseAssertion(request.body.credential);
      const result =
        response === undefined
          ? undefined
          : await services.webauthn.verifyAuthentication({ attemptId: `${uid}:second-factor`, response });
      if (result?.ok !== true || result.customerId !== pending.customerId) {
        return wrong(request, uid, reply, 'passkey', methods, secondFactorMessages.passkeyFailed);
      }
      return passSecondFactor(request, reply, uid, pending.customerId, [
        await passkeyAmr(db, result.passkeyId),
        'mfa',
      ]);
    },
  );

  // --- Passkey-first sign-in (no account number, no password) -------------------------------------
  const signInAgain = (uid: string, formError: string) =>
    signInPage({
      action: `/auth/v1/interaction/${uid}/login`,
      abortAction: `/auth/v1/interaction/${uid}/abort`,
      accountNumber: '',
      passkey: passkeySignInControls(uid),
      formError,
    });

  pages.post(
    '/auth/v1/interaction/:uid/passkey/options',
    { schema: { hide: true, params: uidParams } },
    async (request, reply) => {
      if ((await loginInteraction(request.params.uid, request, reply)) === undefined) return reply;
      const options = await services.webauthn.authenticationOptions({
        attemptId: `${request.params.uid}:passkey`,
      });
      return reply.header('cache-control', 'no-store').send(options);
    },
  );

  pages.post(
    '/auth/v1/interaction/:uid/passkey',
    { schema: { hide: true, params: uidParams, body: credentialBody } },
    async (request, reply) => {
      const uid = request.params.uid;
      if ((await loginInteraction(uid, request, reply)) === undefined) return reply;
      const ipKey = `ip:${request.ip}`;
      const limit = await checksPerIp.refusal(ipKey);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfterSeconds));
        return sendHtml(reply, 429, signInAgain(uid, signInMessages.tooManyAttempts));
      }
      const response = parseAssertion(request.body.credential);
      const result =
        response === undefined
          ? undefined
          : await services.webauthn.verifyAuthentication({ attemptId: `${uid}:passkey`, response });
      if (result?.ok !== true) {
        await checksPerIp.hit(ipKey);
        return sendHtml(reply, 401, signInAgain(uid, secondFactorMessages.passkeyFailed));
      }
      const lockedAt = await findSignInLockedAt(db, result.customerId);
      const contact = await findCustomerContact(db, result.customerId);
      const event = {
        customerId: result.customerId,
        accountNumberTried: contact?.accountNumber ?? '',
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      };
      if (lockedAt != null) {
        await recordSignInEvent(db, { ...event, outcome: 'refused_locked' });
        return sendHtml(reply, 403, signInAgain(uid, signInMessages.locked));
      }
      await recordSignInEvent(db, { ...event, outcome: 'succeeded' });
      return signedIn(request, reply, request.log, result.customerId, [
        await passkeyAmr(db, result.passkeyId),
        'mfa',
      ]);
    },
  );
};
