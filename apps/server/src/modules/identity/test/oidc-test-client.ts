import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../../app.ts';

/** The origin the test apps run under (PUBLIC_ORIGIN's default for port 3000). */
export const testOrigin = 'http://localhost:3000';
export const webRedirectUri = `${testOrigin}/`;
export const defaultScope = 'openid offline user.write user.session.revoke.self';

export interface Pkce {
  readonly verifier: string;
  readonly challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(48).toString('base64url'); // 64 characters, as the web app's (spec §9)
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * A browser for `app.inject()`: keeps cookies (every cookie goes with every request; the provider looks
 * only at its own names) and sends the Host of the public origin.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly app: App) {}

  async request(
    method: 'GET' | 'POST' | 'OPTIONS',
    url: string,
    options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const path = url.startsWith(testOrigin) ? url.slice(testOrigin.length) : url;
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      method,
      url: path,
      headers: {
        host: 'localhost:3000',
        ...(cookie === '' ? {} : { cookie }),
        ...(options.form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...options.headers,
      },
      ...(options.form === undefined ? {} : { payload: new URLSearchParams(options.form).toString() }),
    });
    for (const { name, value, expires, maxAge } of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired = (expires !== undefined && expires.getTime() <= Date.now()) || maxAge === 0;
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects on our server; stops at a page or at a redirect that leaves for the client. */
  async follow(response: LightMyRequestResponse, stopAt = webRedirectUri): Promise<LightMyRequestResponse> {
    let current = response;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string')
        return current;
      if (location.startsWith(stopAt) && !location.startsWith(`${testOrigin}/oidc`)) return current;
      current = await this.request('GET', location);
    }
    throw new Error('too many redirects');
  }
}

export interface AuthorizeOptions {
  readonly clientId?: string;
  readonly scope?: string;
  readonly redirectUri?: string;
  readonly pkce?: Pkce;
  readonly extra?: Record<string, string>;
}

export function authorizeUrl(options: AuthorizeOptions = {}): string {
  const challenge = (options.pkce ?? pkce()).challenge;
  const query = new URLSearchParams({
    client_id: options.clientId ?? 'fund-web',
    response_type: 'code',
    redirect_uri: options.redirectUri ?? webRedirectUri,
    scope: options.scope ?? defaultScope,
    state: randomBytes(16).toString('base64url'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'login',
    ...options.extra,
  });
  return `/oidc/auth?${query.toString()}`;
}

/** The interaction page's uid from a redirect to it. */
export function interactionUid(response: LightMyRequestResponse): string {
  const match = /\/auth\/v1\/interaction\/([A-Za-z0-9_-]+)/.exec(String(response.headers.location ?? ''));
  if (match?.[1] === undefined) {
    throw new Error(
      `expected a redirect to an interaction, got ${response.statusCode} ${response.body.slice(0, 300)}`,
    );
  }
  return match[1];
}

export interface SignedIn {
  readonly code: string;
  readonly pkce: Pkce;
  readonly redirectUri: string;
}

/** Authorization request → sign-in page → credentials → (consent) → code at the redirect URI. */
export async function signInForCode(
  browser: TestBrowser,
  credentials: { accountNumber: string; password: string },
  options: AuthorizeOptions = {},
): Promise<SignedIn> {
  const verifier = options.pkce ?? pkce();
  const redirectUri = options.redirectUri ?? webRedirectUri;
  const start = await browser.request('GET', authorizeUrl({ ...options, pkce: verifier }));
  const uid = interactionUid(start);
  const page = await browser.request('GET', `/auth/v1/interaction/${uid}`);
  if (page.statusCode !== 200) throw new Error(`sign-in page answered ${page.statusCode}`);
  const posted = await browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
    form: { account_number: credentials.accountNumber, password: credentials.password },
  });
  if (posted.statusCode !== 303)
    throw new Error(`sign-in answered ${posted.statusCode}: ${posted.body.slice(0, 500)}`);
  const final = await browser.follow(posted, redirectUri);
  const location = new URL(String(final.headers.location));
  const code = location.searchParams.get('code');
  if (code === null)
    throw new Error(`no code: ${String(final.headers.location)} ${final.body.slice(0, 300)}`);
  return { code, pkce: verifier, redirectUri };
}

export interface TokenSet {
  readonly access_token: string;
  readonly refresh_token?: string;
  readonly id_token?: string;
  readonly expires_in: number;
  readonly scope?: string;
  readonly token_type: string;
}

export async function tokenRequest(
  app: App,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

export async function exchangeCode(
  app: App,
  signedIn: SignedIn,
  clientId = 'fund-web',
): Promise<LightMyRequestResponse> {
  return tokenRequest(app, {
    grant_type: 'authorization_code',
    code: signedIn.code,
    redirect_uri: signedIn.redirectUri,
    code_verifier: signedIn.pkce.verifier,
    client_id: clientId,
  });
}

export async function refresh(
  app: App,
  refreshToken: string,
  clientId = 'fund-web',
): Promise<LightMyRequestResponse> {
  return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
