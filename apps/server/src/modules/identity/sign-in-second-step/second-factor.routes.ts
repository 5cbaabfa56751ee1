import formBody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isEmailOtpEnabled } from '../authenticators/email-otp-setting.repository.ts';
import { servePasskeyScript } from '../passkey-script.ts';
import { sendHtml } from '../provider-interactions.ts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import type { PasswordStep, SignInSteps } from '../sign-in-steps.ts';
import { startPendingSecondFactor } from './pending-second-factor.repository.ts';
import { secondFactorCodeRoutes } from './second-factor-codes.routes.ts';
import {
  secondFactorContext,
  type SecondFactorDependencies,
  type SecondFactorRoutesOptions,
} from './second-factor-context.ts';
import { EmailCodeSender } from './second-factor-email-code.ts';
import {
  passkeyScriptPath,
  secondFactorMessages,
  secondFactorPage,
  type SecondFactorMethod,
} from './second-factor-pages.ts';
import { secondFactorPasskeyRoutes } from './second-factor-passkey.routes.ts';

/** How long the second step may take after the password. */
const pendingLifetimeMs = 15 * 60_000;

/**
 * The second step of sign-in (issue 3 item 4, security.md 15, 19): after a correct password a customer
 * with an enrolled factor passes it (passkey, authenticator app, emailed code); with
 * SIGN_IN_SECOND_FACTOR_REQUIRED a customer without one gets a code by mail. Also the passkey-first
 * sign-in of the sign-in page. State lives in the database per interaction uid; the interaction cookie
 * binds it to the browser.
 */
export class SecondFactor {
  readonly #dependencies: SecondFactorDependencies;
  readonly #emailCodes: EmailCodeSender;
  readonly #checksPerIp: AttemptLimiter;

  constructor(dependencies: SecondFactorDependencies) {
    this.#dependencies = dependencies;
    this.#emailCodes = new EmailCodeSender(dependencies);
    this.#checksPerIp = new AttemptLimiter({
      db: dependencies.db,
      name: 'second-factor',
      limit: dependencies.config.identity.signInLimitPerIp,
      windowMs: signInRateLimitWindowMs,
      now: () => dependencies.clock.now().getTime(),
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
    const sent = await this.#emailCodes.send(uid, customerId);
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

  /** The routes of the second step and of passkey sign-in, under /auth/v1/interaction/:uid. */
  readonly routes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (app, options) => {
    await app.register(formBody, { bodyLimit: 32_768 });
    servePasskeyScript(app, passkeyScriptPath, new URL('./passkey.js', import.meta.url));
    const context = secondFactorContext(this.#dependencies, options, {
      checksPerIp: this.#checksPerIp,
      showMethod: async (...args) => this.#showMethod(...args),
      methodsOf: async (customerId) => this.methodsOf(customerId),
    });
    await app.register(secondFactorCodeRoutes, context);
    await app.register(secondFactorPasskeyRoutes, context);
  };
}
