import path from 'node:path';
import { z } from 'zod';
import {
  countSetting,
  secretListSetting,
  secretSetting,
  type ConfigIssue,
  type ConfigVariable,
} from './config-settings.ts';
import type { NodeEnvironment } from './server-config.ts';

/** The identity service: the OpenID provider's keys, cookies and clients, and the sign-in limits. */

/** A private JSON Web Key Set: the OpenID provider's signing keys. */
export interface PrivateJwks {
  readonly keys: readonly (Record<string, unknown> & { readonly kty: string; readonly d: string })[];
}

export interface IdentityConfig {
  /** Signing keys from OIDC_JWKS; undefined: development keys (generated, see `jwksFile`). */
  readonly jwks: PrivateJwks | undefined;
  /**
   * Where generated development keys are kept so tokens survive a restart; undefined keeps them in
   * memory only (tests, in-memory database). Never used when `jwks` is set.
   */
  readonly jwksFile: string | undefined;
  /** Secrets that sign the provider's cookies (first one signs, all verify); undefined: derived from the keys. */
  readonly cookieKeys: readonly string[] | undefined;
  /** Exact redirect URIs of the web app's public client `fund-web`. */
  readonly webRedirectUris: readonly string[];
  /** Exact redirect URIs of the admin build's public client `fund-admin` (operator provider). */
  readonly adminRedirectUris: readonly string[];
  /** Browser origins allowed to call the token, revocation and introspection endpoints cross-origin. */
  readonly corsOrigins: readonly string[];
  /** Undefined: dynamic client registration is off. */
  readonly initialAccessToken: string | undefined;
  /** Consecutive wrong passwords that lock the sign-in. */
  readonly lockThreshold: number;
  /** Sign-in attempts allowed per client IP per rate-limit window. */
  readonly signInLimitPerIp: number;
  /** Sign-in attempts allowed per account number per rate-limit window. */
  readonly signInLimitPerAccount: number;
}

export const identityVariables = [
  {
    name: 'OIDC_JWKS',
    default: '(unset)',
    description:
      'Private JSON Web Key Set (JSON, e.g. `{"keys":[{"kty":"EC","crv":"P-256","alg":"ES256",...,"d":"..."}]}`) that signs ID and access tokens; the first key signs, all verify. Required in production. Unset in development: an ES256 key is generated once into `.data/oidc-jwks.json` (with a warning); in tests it lives in memory.',
  },
  {
    name: 'OIDC_COOKIE_KEYS',
    default: '(derived from the signing key)',
    description:
      'Comma-separated secrets (32+ characters each) that sign the identity service cookies; the first signs, all verify. Required in production.',
  },
  {
    name: 'OIDC_WEB_REDIRECT_URIS',
    default: '`<PUBLIC_ORIGIN>/`',
    description:
      'Comma-separated exact redirect URIs of the web app client `fund-web` (compared character for character; the app returns to `/` and then restores the page).',
  },
  {
    name: 'OIDC_ADMIN_REDIRECT_URIS',
    default: '`<PUBLIC_ORIGIN>/admin/`',
    description:
      'Comma-separated exact redirect URIs of the admin build client `fund-admin` on the operator provider `/oidc-admin`.',
  },
  {
    name: 'IDENTITY_CORS_ORIGINS',
    default: 'origins of `OIDC_WEB_REDIRECT_URIS`',
    description:
      'Comma-separated browser origins allowed to call the token, revocation and introspection endpoints and the `/auth/v1` API (with credentials) cross-origin.',
  },
  {
    name: 'OIDC_INITIAL_ACCESS_TOKEN',
    default: '(unset)',
    description:
      'Enables dynamic client registration (`/oidc/reg`) for callers presenting this bearer token (32+ characters). Unset: registration is off.',
  },
  {
    name: 'SIGN_IN_LOCK_THRESHOLD',
    default: '5',
    description:
      'Consecutive wrong passwords after which the sign-in is locked until support unlocks it; the customer is notified.',
  },
  {
    name: 'SIGN_IN_RATE_LIMIT_PER_IP',
    default: '30',
    description:
      'Sign-in attempts per client IP per 15 minutes; more answer 429 with `Retry-After`. Counted in the database, shared by every server process.',
  },
  {
    name: 'SIGN_IN_RATE_LIMIT_PER_ACCOUNT',
    default: '10',
    description:
      'Sign-in attempts per account number per 15 minutes; more answer 429 with `Retry-After`. Counted in the database, shared by every server process.',
  },
] as const satisfies readonly ConfigVariable[];

// The value is never echoed: it holds private keys.
const jwksSetting = z.string().transform((value, context): PrivateJwks => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const keys =
    typeof parsed === 'object' && parsed !== null ? (parsed as { keys?: unknown }).keys : undefined;
  const valid =
    Array.isArray(keys) &&
    keys.length > 0 &&
    keys.every(
      (key: unknown) =>
        typeof key === 'object' &&
        key !== null &&
        typeof (key as { kty?: unknown }).kty === 'string' &&
        typeof (key as { d?: unknown }).d === 'string',
    );
  if (!valid) {
    context.addIssue({
      code: 'custom',
      message: 'must be a JSON Web Key Set of private keys, {"keys":[{"kty":...,"d":...}]} (value not shown)',
    });
    return z.NEVER;
  }
  return parsed as PrivateJwks;
});

const redirectUriListSetting = z.string().transform((value, context) => {
  const uris = value.split(',').map((entry) => entry.trim());
  const valid = uris.every((uri) => {
    const url = URL.parse(uri);
    return (
      url !== null &&
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hash === '' &&
      url.href === uri
    );
  });
  if (!valid) {
    context.addIssue({
      code: 'custom',
      message: `must be comma-separated absolute http(s) URIs without fragment, written as a browser normalises them (e.g. https://fund.example.jp/), got "${value}"`,
    });
    return z.NEVER;
  }
  return uris;
});

const originListSetting = z.string().transform((value, context) => {
  const origins = value.split(',').map((entry) => entry.trim());
  const valid = origins.every((origin) => URL.parse(origin)?.origin === origin);
  if (!valid) {
    context.addIssue({
      code: 'custom',
      message: `must be comma-separated origins (scheme, host, port; no path or trailing slash), got "${value}"`,
    });
    return z.NEVER;
  }
  return origins;
});

export const identityEnvironment = z.object({
  OIDC_JWKS: jwksSetting.optional(),
  OIDC_COOKIE_KEYS: secretListSetting.optional(),
  OIDC_WEB_REDIRECT_URIS: redirectUriListSetting.optional(),
  OIDC_ADMIN_REDIRECT_URIS: redirectUriListSetting.optional(),
  IDENTITY_CORS_ORIGINS: originListSetting.optional(),
  OIDC_INITIAL_ACCESS_TOKEN: secretSetting.optional(),
  SIGN_IN_LOCK_THRESHOLD: countSetting(1, 100).optional(),
  SIGN_IN_RATE_LIMIT_PER_IP: countSetting(1, 100_000).optional(),
  SIGN_IN_RATE_LIMIT_PER_ACCOUNT: countSetting(1, 100_000).optional(),
} satisfies Record<(typeof identityVariables)[number]['name'], z.ZodType>);

/** What NODE_ENV=production requires of the identity service: its own keys and cookie secrets. */
export function identityIssues(
  variables: z.infer<typeof identityEnvironment>,
  isProduction: boolean,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (isProduction && variables.OIDC_JWKS === undefined) {
    issues.push({
      variable: 'OIDC_JWKS',
      message: 'signing keys are required when NODE_ENV=production (generated keys are for development only)',
    });
  }
  if (isProduction && variables.OIDC_COOKIE_KEYS === undefined) {
    issues.push({
      variable: 'OIDC_COOKIE_KEYS',
      message: 'cookie signing secrets are required when NODE_ENV=production',
    });
  }
  return issues;
}

export function identityConfig(
  variables: z.infer<typeof identityEnvironment>,
  nodeEnv: NodeEnvironment,
  publicOrigin: string,
  pgliteDataDir: string,
): IdentityConfig {
  const webRedirectUris = variables.OIDC_WEB_REDIRECT_URIS ?? [`${publicOrigin}/`];
  // Generated keys are kept beside the embedded database's data (both are development conveniences);
  // tests and in-memory databases keep them in memory, so nothing is left behind.
  const jwksFile =
    variables.OIDC_JWKS !== undefined || nodeEnv !== 'development' || pgliteDataDir === 'memory://'
      ? undefined
      : path.join(path.dirname(pgliteDataDir), 'oidc-jwks.json');
  return {
    jwks: variables.OIDC_JWKS,
    jwksFile,
    cookieKeys: variables.OIDC_COOKIE_KEYS,
    webRedirectUris,
    adminRedirectUris: variables.OIDC_ADMIN_REDIRECT_URIS ?? [`${publicOrigin}/admin/`],
    corsOrigins: variables.IDENTITY_CORS_ORIGINS ?? [
      ...new Set(webRedirectUris.map((uri) => new URL(uri).origin)),
    ],
    initialAccessToken: variables.OIDC_INITIAL_ACCESS_TOKEN,
    lockThreshold: variables.SIGN_IN_LOCK_THRESHOLD ?? 5,
    signInLimitPerIp: variables.SIGN_IN_RATE_LIMIT_PER_IP ?? 30,
    signInLimitPerAccount: variables.SIGN_IN_RATE_LIMIT_PER_ACCOUNT ?? 10,
  };
}
