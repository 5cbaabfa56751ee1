import formBody from '@fastify/formbody';
import type { Database } from '@fund/db';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../../../config/config.ts';
import type { Clock } from '../../../plugins/clock.plugin.ts';
import { errorPage, signInMessages, signInPage } from '../interaction-pages.ts';
import { findCustomerContact } from '../authenticators/customer-contact.repository.ts';
import { isEmailOtpEnabled } from '../authenticators/email-otp-setting.repository.ts';
import { findPasskeyDeviceType } from '../authenticators/webauthn.repository.ts';
import type { MfaServices } from '../authenticators/mfa-services.ts';
import type { SignInNotifier } from '../sign-in-notifier.ts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import { findSignInLockedAt, recordSignInEvent } from '../sign-in.repository.ts';
import { notifySafely } from '../sign-in.service.ts';
import { servePasskeyScript } from '../passkey-script.ts';
import type { PasswordStep, SignInSteps } from '../sign-in-steps.ts';
import {
  abandonPendingSecondFactor,
  finishPendingSecondFactor,
  findPendingSecondFactor,
  recordSecondFactorFailure,
  startPendingSecondFactor,
} from './pending-second-factor.repository.ts';
import {
  passkeyScriptPath,
  passkeySignInControls,
  secondFactorMessages,
  secondFactorPage,
  type SecondFactorMethod,
} from './second-factor-pages.ts';

/** How long the second step may take after the password. */
const pendingLifetimeMs = 15 * 60_000;
/** Wrong codes (any method) after which the attempt ends and the sign-in starts over. */
export const maxSecondFactorFailures = 10;
/** At most one emailed code per attempt per minute, and five per rate-limit window. */
const emailSendIntervalMs = 60_000;
const emailSendsPerWindow = 5;

/** Tells the provider who signed in (identity.routes.ts `completeSignIn`). */
export type CompleteSignIn = (
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  amr: readonly string[],
) => Promise<FastifyReply>;

export interface SecondFactorDependencies {
  readonly config: Pick<Config, 'publicOrigin' | 'mfa' | 'identity'>;
  readonly db: Database;
  readonly clock: Clock;
  readonly services: MfaServices;
}

export interface SecondFactorRoutesOptions {
  readonly provider: Provider;
  readonly notifier: SignInNotifier;
  readonly complete: CompleteSignIn;
}

const uidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const codeBody = z.object({ code: z.string().max(64).optional() });
const selectBody = z.object({ method: z.string().max(32).optional() });
const credentialBody = z.object({ credential: z.string().max(16_384).optional() });

/** The assertion passkey.js posts (WebAuthn AuthenticationResponseJSON); checked in depth by the service. */
const assertionSchema = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(8192),
    authenticatorData: z.string().max(8192),
    // post-quantum ML-DSA signatures (ML-DSA-87: 4,627 bytes) are far longer than ECDSA ones
    signature: z.string().max(8192),
    userHandle: z.string().max(1024).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function parseAssertion(value: string | undefined): AuthenticationResponseJSON | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = assertionSchema.safeParse(JSON.parse(value));
    return parsed.success ? (parsed.data as AuthenticationResponseJSON) : undefined;
  } catch {
    return undefined;
  }
}

/** RFC 8176: a synced passkey lives in software (swk), a device-bound one in hardware (hwk). */
async function passkeyAmr(db: Database, passkeyId: string): Promise<string> {
  return (await findPasskeyDeviceType(db, passkeyId)) === 'singleDevice' ? 'hwk' : 'swk';
}

/**
 * The second step of sign-in (issue 3 item 4, security.md 15, 19): after a correct password a customer
 * with an enrolled factor passes it (passkey, authenticator app, emailed code); with
 * SIGN_IN_SECOND_FACTOR_REQUIRED a customer without one gets a code by mail. Also the passkey-first
 * sign-in of the sign-in page. State lives in the database per interaction uid; the interaction cookie
 * binds it to the browser.
 */
export class SecondFactor {
  readonly #dependencies: SecondFactorDependencies;
  readonly #sendInterval: AttemptLimiter;
  readonly #sendWindow: AttemptLimiter;
  readonly #checksPerIp: AttemptLimiter;

  constructor(dependencies: SecondFactorDependencies) {
    this.#dependencies = dependencies;
    const now = () => dependencies.clock.now().getTime();
    const db = dependencies.db;
    this.#sendInterval = new AttemptLimiter({
      db,
      name: 'second-factor-interval',
      limit: 1,
      windowMs: emailSendIntervalMs,
      now,
    });
    this.#sendWindow = new AttemptLimiter({
      db,
      name: 'second-factor-window',
      limit: emailSendsPerWindow,
      windowMs: signInRateLimitWindowMs,
      now,
    });
    this.#checksPerIp = new AttemptLimiter({
      db,
      name: 'second-factor',
      limit: dependencies.config.identity.signInLimitPerIp,
      windowMs: signInRateLimitWindowMs,
      now,
    });
  }

  /** The `SignInSteps` of identity.routes.ts. */
  readonly steps: SignInSteps = {
    afterPassword: async (step, _request, reply) => this.#afterPassword(step, reply),
  };

  /** The methods the customer may use at sign-in, strongest first. */
  async methodsOf(customerId: string): Promise<SecondFactorMethod[]> {
    const { db, services, config } = this.#dependencies;
    const methods: SecondFactorMethod[] = [];
    if ((await services.webauthn.list(customerId, db)).length > 0) methods.push('passkey');
    if ((await services.totp.status(customerId, db)) === 'active') methods.push('totp');
    if (await isEmailOtpEnabled(db, customerId)) methods.push('email');
    if (methods.length === 0 && config.mfa.secondFactorRequired) methods.push('email');
    return methods;
  }

  async #afterPassword(step: PasswordStep, reply: FastifyReply) {
    const methods = await this.methodsOf(step.customerId);
    const [first] = methods;
    if (first === undefined) return { kind: 'done', amr: ['pwd'] } as const;
    const now = this.#dependencies.clock.now();
    await startPendingSecondFactor(this.#dependencies.db, {
      attemptId: step.interactionUid,
      customerId: step.customerId,
      now,
      expiresAt: new Date(now.getTime() + pendingLifetimeMs),
    });
    await this.#showMethod(reply, step.interactionUid, step.customerId, first, methods);
    return { kind: 'answered' } as const;
  }

  /** Renders a method's page; entering the email method sends a code (rate-limited). */
  async #showMethod(
    reply: FastifyReply,
    uid: string,
    customerId: string,
    method: SecondFactorMethod,
    methods: readonly SecondFactorMethod[],
  ): Promise<FastifyReply> {
    if (method !== 'email') return sendHtml(reply, 200, secondFactorPage({ uid, method, methods }));
    const sent = await this.#sendEmailCode(uid, customerId);
    if (!sent.ok) {
      reply.header('retry-after', String(sent.retryAfterSeconds));
      return sendHtml(
        reply,
        429,
        secondFactorPage({ uid, method, methods, error: secondFactorMessages.resendTooSoon }),
      );
    }
    return sendHtml(
      reply,
      200,
      secondFactorPage({ uid, method, methods, status: secondFactorMessages.codeSent }),
    );
  }

  async #sendEmailCode(
    uid: string,
    customerId: string,
  ): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
    const interval = await this.#sendInterval.hit(`send:${uid}`);
    if (!interval.allowed) return { ok: false, retryAfterSeconds: interval.retryAfterSeconds };
    const window = await this.#sendWindow.hit(`send:${customerId}`);
    if (!window.allowed) return { ok: false, retryAfterSeconds: window.retryAfterSeconds };
    const contact = await findCustomerContact(this.#dependencies.db, customerId);
    if (contact === undefined) return { ok: false, retryAfterSeconds: 60 };
    await this.#dependencies.services.emailOtp.issue({
      purpose: 'sign_in',
      attemptId: uid,
      email: contact.email,
      customerId,
    });
    return { ok: true };
  }

  /** The routes of the second step and of passkey sign-in, under /auth/v1/interaction/:uid. */
  readonly routes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (app, options) => {
    await app.register(formBody, { bodyLimit: 32_768 });
    const pages = app.withTypeProvider<ZodTypeProvider>();
    const { provider, notifier, complete } = options;
    const { db, clock, services, config } = this.#dependencies;

    servePasskeyScript(app, passkeyScriptPath, new URL('./passkey.js', import.meta.url));

    const forbiddenOrigin = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin;
      return origin !== undefined && origin !== config.publicOrigin;
    };
    const refuse = (reply: FastifyReply, status: number, message: string) =>
      sendHtml(reply, status, errorPage('ログインを続けられません', message));

    /** The interaction of this browser and URL at its login prompt; otherwise an error page is sent. */
    const loginInteraction = async (uid: string, request: FastifyRequest, reply: FastifyReply) => {
      if (forbiddenOrigin(request)) {
        refuse(reply, 403, signInMessages.authenticationError);
        return undefined;
      }
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid === uid && details.prompt.name === 'login') return details;
      } catch (error) {
        request.log.info({ err: error }, 'Interaction not found');
      }
      refuse(reply, 400, signInMessages.sessionExpired);
      return undefined;
    };

    /** The pending second step of this interaction; otherwise an error page is sent. */
    const pendingOf = async (uid: string, request: FastifyRequest, reply: FastifyReply) => {
      if ((await loginInteraction(uid, request, reply)) === undefined) return undefined;
      const pending = await findPendingSecondFactor(db, uid, clock.now());
      if (pending === undefined) {
        refuse(reply, 400, signInMessages.sessionExpired);
        return undefined;
      }
      return { pending, methods: await this.methodsOf(pending.customerId) };
    };

    /** Counts a check against the IP limit; false when a 429 page was sent. */
    const checkAllowed = async (
      request: FastifyRequest,
      reply: FastifyReply,
      page: () => string,
    ): Promise<boolean> => {
      const limit = await this.#checksPerIp.hit(`ip:${request.ip}`);
      if (limit.allowed) return true;
      reply.header('retry-after', String(limit.retryAfterSeconds));
      sendHtml(reply, 429, page());
      return false;
    };

    /** A wrong code: counted; past the limit the attempt ends. */
    const wrong = async (
      uid: string,
      reply: FastifyReply,
      method: SecondFactorMethod,
      methods: readonly SecondFactorMethod[],
      message: string,
    ) => {
      const failures = await recordSecondFactorFailure(db, uid);
      if (failures === undefined || failures >= maxSecondFactorFailures) {
        await abandonPendingSecondFactor(db, uid);
        return refuse(reply, 401, secondFactorMessages.tooManyFailures);
      }
      return sendHtml(reply, 401, secondFactorPage({ uid, method, methods, error: message }));
    };

    const signedIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      log: FastifyBaseLogger,
      customerId: string,
      amr: readonly string[],
    ) => {
      const contact = await findCustomerContact(db, customerId);
      if (contact !== undefined) {
        await notifySafely(log, () =>
          notifier.signedIn({
            customerId,
            accountNumber: contact.accountNumber,
            email: contact.email,
            at: clock.now(),
            ip: request.ip,
            userAgent: request.headers['user-agent'],
          }),
        );
      }
      return complete(provider, request, reply, customerId, amr);
    };

    /** Completes the second step once: the pending row is removed by exactly one request. */
    const passSecondFactor = async (
      request: FastifyRequest,
      reply: FastifyReply,
      uid: string,
      customerId: string,
      amr: readonly string[],
    ) => {
      if (!(await finishPendingSecondFactor(db, uid, customerId))) {
        return refuse(reply, 400, signInMessages.sessionExpired);
      }
      return signedIn(request, reply, request.log, customerId, ['pwd', ...amr]);
    };

    const base = '/auth/v1/interaction/:uid/second-factor';

    pages.post(
      `${base}/select`,
      { schema: { hide: true, params: uidParams, body: selectBody } },
      async (request, reply) => {
        const state = await pendingOf(request.params.uid, request, reply);
        if (state === undefined) return reply;
        const chosen = state.methods.find((method) => method === request.body.method) ?? state.methods[0];
        if (chosen === undefined) return refuse(reply, 400, signInMessages.sessionExpired);
        return this.#showMethod(reply, request.params.uid, state.pending.customerId, chosen, state.methods);
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
        return this.#showMethod(reply, request.params.uid, state.pending.customerId, 'email', state.methods);
      },
    );

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
          return wrong(uid, reply, 'passkey', methods, secondFactorMessages.passkeyFailed);
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
        const limit = await this.#checksPerIp.hit(`ip:${request.ip}`);
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
}
