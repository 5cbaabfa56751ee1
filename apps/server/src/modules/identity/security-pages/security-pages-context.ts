import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { AppError } from '../../../errors/app-error.ts';
import { listAccountSessions } from '../credentials/sessions.repository.ts';
import { recentSignInEvents } from '../credentials/credentials.repository.ts';
import { CredentialsService } from '../credentials/credentials.service.ts';
import { errorPage } from '../interaction-pages.ts';
import { isEmailOtpEnabled } from '../authenticators/email-otp-setting.repository.ts';
import type { MfaServices } from '../authenticators/mfa-services.ts';
import { mfaMessages } from '../authenticators/mfa.routes.ts';
import { reauthenticate as reauthenticateCustomer } from '../reauthentication.ts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import { findCustomerProfile } from '../sign-in.repository.ts';
import {
  SecurityPageSessions,
  csrfTokenMatches,
  type SecurityPageSession,
} from './security-page-session.repository.ts';
import {
  securityPagesCallbackPath,
  securityPagesClientId,
  securityPagesSecrets,
  type SecurityPagesSecrets,
} from './security-pages-secrets.ts';
import type { FormField } from '../form-fields.ts';
import { accountHomePage, securityPagesPath } from './security-pages-views.ts';

/**
 * What every account page shares: the page session (signed cookie, sign-in round trip, CSRF check),
 * recent authentication, the home page with its notice, and the small answers (HTML, redirect, a
 * service call's typed error as a message).
 */

export interface SecurityPagesRoutesOptions {
  readonly provider: Provider;
  readonly services: MfaServices;
}

export const sessionCookie = 'fund_account_session';
export const loginCookie = 'fund_account_login';
/** The sign-in round trip (provider pages, second factor) must finish within the interaction's lifetime. */
const loginCookieSeconds = 10 * 60;
/** Sign-in events the page lists (newest first). */
const attemptsListed = 20;
/** Code checks per customer per rate-limit window, as the MFA API allows. */
const checksPerWindow = 10;

export const form = z.record(z.string(), z.string().max(16_384));

export const messages = {
  passwordMissing: mfaMessages.passwordMissing,
  forbidden: 'この操作を続けられません。ページを再読み込みしてからやり直してください。',
  signInFailed: 'ログインを完了できませんでした。もう一度お試しください。',
} as const;

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('cache-control', 'no-store').redirect(location);
}

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** Runs a service call; its typed errors become a status and a message for the page. */
export async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof AppError && error.expose) {
      return { ok: false, status: error.statusCode, message: error.message };
    }
    throw error;
  }
}

export function codeField(error: string | undefined, hint = '6桁の数字'): FormField {
  return {
    name: 'code',
    label: '確認コード',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    hint,
    ...(error === undefined ? {} : { error }),
  };
}

/** The account pages' shared state and helpers, handed to each flow's routes as their options. */
export interface SecurityPagesContext {
  readonly provider: Provider;
  readonly services: MfaServices;
  readonly account: CredentialsService;
  readonly sessions: SecurityPageSessions;
  readonly limiter: AttemptLimiter;
  readonly secrets: SecurityPagesSecrets;
  /** PUBLIC_ORIGIN is https: cookies are `Secure`, the token exchange says it came over https. */
  readonly secure: boolean;
  readonly callbackUri: string;
  readonly cookieOptions: (maxAge?: number) => SecurityPageCookieOptions;
  readonly signedCookie: (request: FastifyRequest, name: string) => string | undefined;
  readonly signedIn: (
    request: FastifyRequest,
    reply: FastifyReply,
    csrf?: string,
  ) => Promise<SecurityPageSession | undefined>;
  readonly reauthenticate: (customerId: string, password: string | undefined) => Promise<string | undefined>;
  readonly home: (session: SecurityPageSession, notice?: string) => Promise<string>;
}

export interface SecurityPageCookieOptions {
  readonly path: string;
  readonly httpOnly: boolean;
  readonly secure: boolean;
  readonly sameSite: 'lax';
  readonly signed: boolean;
  readonly maxAge?: number;
}

export function securityPagesContext(
  app: FastifyInstance,
  options: SecurityPagesRoutesOptions,
): SecurityPagesContext {
  const { provider, services } = options;
  const { config } = app;
  const db = app.db.db;
  const secrets = securityPagesSecrets(config.identity, app.signingKeys);
  const secure = config.publicOrigin.startsWith('https:');
  const callbackUri = `${config.publicOrigin}${securityPagesCallbackPath}`;
  const sessions = new SecurityPageSessions(db);
  const account = new CredentialsService({
    db,
    clock: app.realClock,
    mailer: app.mailer,
    emailOtp: services.emailOtp,
    lockThreshold: config.identity.lockThreshold,
    log: app.log,
  });
  const limiter = new AttemptLimiter({
    db: db,
    name: 'account-pages', // the stored name of these attempts, kept from before the rename
    limit: checksPerWindow,
    windowMs: signInRateLimitWindowMs,
    now: () => app.realClock.now().getTime(),
  });

  /** Without maxAge a browser-session cookie: the server-side idle expiry decides how long it counts. */
  const cookieOptions = (maxAge?: number): SecurityPageCookieOptions => ({
    path: securityPagesPath,
    httpOnly: true,
    secure,
    sameSite: 'lax' as const,
    signed: true,
    ...(maxAge === undefined ? {} : { maxAge }),
  });

  const signedCookie = (request: FastifyRequest, name: string): string | undefined => {
    const raw = request.cookies[name];
    if (raw === undefined) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value !== null ? unsigned.value : undefined;
  };

  const sessionOf = async (request: FastifyRequest): Promise<SecurityPageSession | undefined> => {
    const id = signedCookie(request, sessionCookie);
    const session = id === undefined ? undefined : await sessions.touch(id);
    if (session === undefined) return undefined;
    // The provider may end the grant itself (RP-initiated logout, refresh-token reuse); the page
    // session lives only as long as its grant.
    if ((await provider.Grant.find(session.grantId)) === undefined) {
      await sessions.end(session.id);
      return undefined;
    }
    return session;
  };

  /** Sends the browser through the provider's sign-in for the `fund-account` client (code + PKCE). */
  const startSignIn = (reply: FastifyReply): FastifyReply => {
    const state = randomBytes(24).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    reply.setCookie(loginCookie, `${state}.${verifier}`, cookieOptions(loginCookieSeconds));
    const query = new URLSearchParams({
      client_id: securityPagesClientId,
      response_type: 'code',
      redirect_uri: callbackUri,
      scope: 'openid user.write',
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    return seeOther(reply, `/oidc/auth?${query.toString()}`);
  };

  const forbidden = (reply: FastifyReply) =>
    sendHtml(reply, 403, errorPage('続けられません', messages.forbidden));

  /**
   * The signed-in session of a page view, or the answer already sent: a GET without a session starts
   * the sign-in; a POST without one, from another origin or without the session's CSRF token is refused.
   */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    csrf?: string,
  ): Promise<SecurityPageSession | undefined> => {
    const session = await sessionOf(request);
    if (request.method === 'GET') {
      if (session === undefined) startSignIn(reply);
      return session;
    }
    const origin = request.headers.origin;
    if (session === undefined || (origin !== undefined && origin !== config.publicOrigin)) {
      forbidden(reply);
      return undefined;
    }
    if (!csrfTokenMatches(session, csrf)) {
      forbidden(reply);
      return undefined;
    }
    return session;
  };

  /** Recent authentication (security.md 18); a wrong password counts toward the sign-in lock. */
  const reauthenticate = async (
    customerId: string,
    password: string | undefined,
  ): Promise<string | undefined> => {
    if (password === undefined || password === '') return messages.passwordMissing;
    const result = await reauthenticateCustomer(
      db,
      customerId,
      { password },
      config.identity.lockThreshold,
      app.realClock.now(),
    );
    if (result === 'locked') return mfaMessages.locked;
    if (result === 'wrong') return mfaMessages.passwordWrong;
    return undefined;
  };

  const home = async (session: SecurityPageSession, notice?: string): Promise<string> => {
    const profile = await findCustomerProfile(db, session.customerId);
    const [sessionRows, attempts, passkeys, totp, emailOtp] = await Promise.all([
      listAccountSessions(db, session.customerId, app.realClock.now()),
      recentSignInEvents(db, session.customerId, attemptsListed),
      services.webauthn.list(session.customerId),
      services.totp.status(session.customerId),
      isEmailOtpEnabled(db, session.customerId),
    ]);
    return accountHomePage({
      csrf: session.csrfToken,
      accountNumber: profile?.accountNumber ?? '',
      email: profile?.email ?? '',
      currentGrantId: session.grantId,
      sessions: sessionRows,
      attempts,
      passkeys,
      totp,
      emailOtp,
      ...(notice === undefined ? {} : { notice }),
    });
  };

  return {
    provider,
    services,
    account,
    sessions,
    limiter,
    secrets,
    secure,
    callbackUri,
    cookieOptions,
    signedCookie,
    signedIn,
    reauthenticate,
    home,
  };
}
