import type { Database, PendingSecondFactor } from '@fund/db';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../../config/config.ts';
import type { Clock } from '../../../plugins/clock.plugin.ts';
import { findCustomerContact } from '../authenticators/customer-contact.repository.ts';
import type { MfaServices } from '../authenticators/mfa-services.ts';
import { errorPage, signInMessages } from '../interaction-pages.ts';
import { fromForeignOrigin, sendHtml, type InteractionDetails } from '../provider-interactions.ts';
import type { SignInNotifier } from '../sign-in-notifier.ts';
import type { AttemptLimiter } from '../sign-in-rate-limiter.ts';
import { notifySafely } from '../sign-in.service.ts';
import {
  abandonPendingSecondFactor,
  finishPendingSecondFactor,
  findPendingSecondFactor,
  recordSecondFactorFailure,
} from './pending-second-factor.repository.ts';
import { secondFactorMessages, secondFactorPage, type SecondFactorMethod } from './second-factor-pages.ts';

/** Wrong codes (any method) after which the attempt ends and the sign-in starts over. */
export const maxSecondFactorFailures = 10;

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

/** Renders a method's page; entering the email method sends a code (rate-limited). */
export type ShowMethod = (
  reply: FastifyReply,
  uid: string,
  customerId: string,
  method: SecondFactorMethod,
  methods: readonly SecondFactorMethod[],
) => Promise<FastifyReply>;

/** What the second step's and passkey sign-in's routes share (the pending attempt and its answers). */
export interface SecondFactorContext extends SecondFactorDependencies {
  readonly checksPerIp: AttemptLimiter;
  readonly showMethod: ShowMethod;
  refuse(reply: FastifyReply, status: number, message: string): FastifyReply;
  /** The interaction of this browser and URL at its login prompt; otherwise an error page is sent. */
  loginInteraction(
    uid: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<InteractionDetails | undefined>;
  /** The pending second step of this interaction; otherwise an error page is sent. */
  pendingOf(
    uid: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ pending: PendingSecondFactor; methods: SecondFactorMethod[] } | undefined>;
  /**
   * Whether the client's address may check a code now (only wrong answers count per address, decision
   * 027); false when a 429 page was sent.
   */
  checkAllowed(request: FastifyRequest, reply: FastifyReply, page: () => string): Promise<boolean>;
  /** A wrong code: counted for the attempt and the address; past the attempt's limit it ends. */
  wrong(
    request: FastifyRequest,
    uid: string,
    reply: FastifyReply,
    method: SecondFactorMethod,
    methods: readonly SecondFactorMethod[],
    message: string,
  ): Promise<FastifyReply>;
  signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    log: FastifyBaseLogger,
    customerId: string,
    amr: readonly string[],
  ): Promise<FastifyReply>;
  /** Completes the second step once: the pending row is removed by exactly one request. */
  passSecondFactor(
    request: FastifyRequest,
    reply: FastifyReply,
    uid: string,
    customerId: string,
    amr: readonly string[],
  ): Promise<FastifyReply>;
}

export function secondFactorContext(
  dependencies: SecondFactorDependencies,
  options: SecondFactorRoutesOptions,
  parts: {
    checksPerIp: AttemptLimiter;
    showMethod: ShowMethod;
    methodsOf: (customerId: string) => Promise<SecondFactorMethod[]>;
  },
): SecondFactorContext {
  const { provider, notifier, complete } = options;
  const { db, clock, config } = dependencies;
  const { checksPerIp, showMethod, methodsOf } = parts;

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    sendHtml(reply, status, errorPage('ログインを続けられません', message));

  const loginInteraction = async (uid: string, request: FastifyRequest, reply: FastifyReply) => {
    if (fromForeignOrigin(request, config.publicOrigin)) {
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

  return {
    ...dependencies,
    checksPerIp,
    showMethod,
    refuse,
    loginInteraction,
    signedIn,
    pendingOf: async (uid, request, reply) => {
      if ((await loginInteraction(uid, request, reply)) === undefined) return undefined;
      const pending = await findPendingSecondFactor(db, uid, clock.now());
      if (pending === undefined) {
        refuse(reply, 400, signInMessages.sessionExpired);
        return undefined;
      }
      return { pending, methods: await methodsOf(pending.customerId) };
    },
    checkAllowed: async (request, reply, page) => {
      const limit = await checksPerIp.refusal(`ip:${request.ip}`);
      if (limit.allowed) return true;
      reply.header('retry-after', String(limit.retryAfterSeconds));
      sendHtml(reply, 429, page());
      return false;
    },
    wrong: async (request, uid, reply, method, methods, message) => {
      await checksPerIp.hit(`ip:${request.ip}`);
      const failures = await recordSecondFactorFailure(db, uid);
      if (failures === undefined || failures >= maxSecondFactorFailures) {
        await abandonPendingSecondFactor(db, uid);
        return refuse(reply, 401, secondFactorMessages.tooManyFailures);
      }
      return sendHtml(reply, 401, secondFactorPage({ uid, method, methods, error: message }));
    },
    passSecondFactor: async (request, reply, uid, customerId, amr) => {
      if (!(await finishPendingSecondFactor(db, uid, customerId))) {
        return refuse(reply, 400, signInMessages.sessionExpired);
      }
      return signedIn(request, reply, request.log, customerId, ['pwd', ...amr]);
    },
  };
}
