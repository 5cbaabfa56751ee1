import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The server's configuration, parsed once at start from the environment (architecture.md §4.4). This is
 * the only module that reads `process.env`; everything else receives the parsed `Config`.
 */

/** Repository root: relative directories in the environment resolve against it, not against the cwd. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const nodeEnvironments = ['development', 'test', 'production'] as const;
export type NodeEnvironment = (typeof nodeEnvironments)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Fastify's `trustProxy`: off, on for every hop, a hop count, or the addresses/CIDRs of trusted proxies. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  readonly nodeEnv: NodeEnvironment;
  /** NODE_ENV=production: development conveniences are refused or warned about. */
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database. */
  readonly databaseUrl: string | undefined;
  /** PGlite data directory (absolute), or `memory://` for a throw-away in-memory database. */
  readonly pgliteDataDir: string;
  readonly logLevel: LogLevel;
  /** Manual maintenance switch: every `/maintenance/status` answers 503-000 while on. */
  readonly maintenanceMode: boolean;
  /** Whether the regular JST maintenance windows (spec §2, §9) put the service in maintenance. */
  readonly maintenanceWindows: boolean;
  readonly webDistDir: string;
  /** Origin the browser uses to reach the service (scheme, host, port; no path). */
  readonly publicOrigin: string;
  readonly seedDemoData: boolean;
  readonly trustProxy: TrustProxy;
  /** Identity service (OpenID provider, sign-in pages); see `identityConfig` below. */
  readonly identity: IdentityConfig;
  /** Outgoing mail; see `mailConfig` below. */
  readonly mail: MailConfig;
  /** Second factors: TOTP, emailed codes, passkeys; see `mfaConfig` below. */
  readonly mfa: MfaConfig;
  /** Hand-offs to the partner sites and their simulators; see `PartnersConfig` below. */
  readonly partners: PartnersConfig;
  /** The business-day batch and its scheduler; see `BatchConfig` below. */
  readonly batch: BatchConfig;
}

export interface BatchConfig {
  /** Whether this process runs the daily batch after `time` and catches up missed days at start. */
  readonly scheduler: boolean;
  /** JST time of day after which the day's batch runs (after the fund companies publish the NAVs). */
  readonly time: { readonly hour: number; readonly minute: number };
  /** Business days from a recurring debit to its purchase orders. */
  readonly purchaseLagDays: number;
  /** Claim loops per process (PostgreSQL; PGlite always runs one). */
  readonly workers: number;
  /** Demo NAVs and the demo debit-failure rule (`+debitfail` e-mail addresses); never in production. */
  readonly demo: boolean;
  /** The server's clock follows the demo clock moved forward by `npm run batch -- --date`; never in production. */
  readonly demoClock: boolean;
}

export interface PartnersConfig {
  /**
   * Secret (32+ characters) behind `hashed_user_id` and the signed trade-report tickets. Undefined
   * (refused in production) means the built-in development key.
   */
  readonly hashKey: string | undefined;
  /** Whether the simulators of the outside sites are served under /partners/ (never in production). */
  readonly simulators: boolean;
}

export interface MailConfig {
  /** SMTP server (smtp:// or smtps:// URL); undefined: mail stays in the outbox (development mailbox). */
  readonly smtpUrl: string | undefined;
  /** From header of every mail the service sends. */
  readonly from: string;
}

export interface MfaConfig {
  /**
   * 32-byte key that encrypts TOTP secrets and keys the hashes of emailed codes. Undefined (refused in
   * production) means the built-in development key.
   */
  readonly encryptionKey: Uint8Array | undefined;
  /** WebAuthn relying-party id: the host name of PUBLIC_ORIGIN unless WEBAUTHN_RP_ID names a parent domain. */
  readonly webauthnRpId: string;
  /** The origin WebAuthn responses must come from (PUBLIC_ORIGIN). */
  readonly webauthnOrigin: string;
  /** A second factor at every sign-in: without an enrolled one, a code by mail (SIGN_IN_SECOND_FACTOR_REQUIRED). */
  readonly secondFactorRequired: boolean;
}

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

/** One environment variable as documented in the README table. */
export interface ConfigVariable {
  readonly name: string;
  readonly default: string;
  readonly description: string;
}

export const configVariables = [
  {
    name: 'NODE_ENV',
    default: 'development',
    description:
      '`development`, `test` or `production`. `production` refuses demo data and warns about the embedded database.',
  },
  { name: 'PORT', default: '3000', description: 'TCP port the server listens on (1-65535).' },
  {
    name: 'HOST',
    default: '0.0.0.0',
    description: 'Interface to listen on; `127.0.0.1` keeps the server local to the machine.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL connection string (`postgres://user:password@host:5432/db`). Unset: the embedded PGlite database in `PGLITE_DATA_DIR`.',
  },
  {
    name: 'PGLITE_DATA_DIR',
    default: '`<repo>/.data/pglite`',
    description:
      'Data directory of the embedded database, created if missing; relative paths resolve against the repository root. `memory://` keeps it in memory only. Ignored when `DATABASE_URL` is set.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  },
  {
    name: 'MAINTENANCE_MODE',
    default: 'off',
    description:
      'Manual maintenance switch (`on`/`off`): `/maintenance/status` answers 503 `503-000` while on, e.g. when a maintenance overruns its regular window.',
  },
  {
    name: 'MAINTENANCE_WINDOWS',
    default: 'on',
    description:
      'Whether the regular maintenance windows apply (JST; weekdays, Saturdays and holidays 03:30-06:30, Sundays 03:30-07:30).',
  },
  {
    name: 'WEB_DIST_DIR',
    default: '`<repo>/apps/web/dist`',
    description:
      'Built web app served by the server (`npm run build`); relative paths resolve against the repository root.',
  },
  {
    name: 'PUBLIC_ORIGIN',
    default: '`http://localhost:<PORT>`',
    description:
      'Origin customers use to reach the service (scheme, host and port, no path), e.g. `https://fund.example.jp`.',
  },
  {
    name: 'SEED_DEMO_DATA',
    default: '`true` (`false` in production)',
    description:
      'Seed the demo customers and their data on first start (idempotent: an existing demo customer skips it). `true` is refused when `NODE_ENV=production`.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust `X-Forwarded-*` headers: `true`, `false`, a hop count, or comma-separated proxy addresses/CIDRs. Set it when behind a load balancer.',
  },
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
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server for outgoing mail, e.g. `smtps://user:password@smtp.example.jp:465` or `smtp://mail.internal:587` (STARTTLS when offered). Unset: mail stays in the outbox table; outside production the development mailbox `/dev/mailbox` shows it.',
  },
  {
    name: 'MAIL_FROM',
    default: '`投資信託 オンラインサービス <no-reply@example.jp>`',
    description: 'From header of every mail: an address, optionally as `Name <address>`.',
  },
  {
    name: 'MFA_ENCRYPTION_KEY',
    default: '(development key; required in production)',
    description:
      'Base64 of 32 random bytes (`openssl rand -base64 32`): encrypts TOTP secrets at rest (AES-256-GCM) and keys the hashes of emailed codes. Changing it invalidates every TOTP enrolment. Unset outside production: a built-in, public development key (with a warning).',
  },
  {
    name: 'WEBAUTHN_RP_ID',
    default: 'host name of `PUBLIC_ORIGIN`',
    description:
      'Relying-party id of passkeys: the host name of `PUBLIC_ORIGIN` or a parent domain of it (e.g. `example.jp` for `https://fund.example.jp`). Changing it makes existing passkeys unusable.',
  },
  {
    name: 'SIGN_IN_SECOND_FACTOR_REQUIRED',
    default: '`false` (`true` in production)',
    description:
      'A second factor at every sign-in: a customer without an enrolled one (passkey, authenticator app, emailed code) gets a one-time code by mail after the password.',
  },
  {
    name: 'PARTNER_HASH_KEY',
    default: '(development key; required in production)',
    description:
      'Secret of 32+ characters (`openssl rand -base64 32`) that keys `hashed_user_id` (HMAC-SHA256 of the customer id) handed to the partner sites and signs the short-lived trade-report links. Changing it changes every hashed user id. Unset outside production: a built-in, public development key (with a warning).',
  },
  {
    name: 'PARTNER_SIMULATORS',
    default: '`true` (`false` in production)',
    description:
      'Serve the demo simulators of the outside sites under `/partners/` (account opening, account update, electronic trade reports). `true` is refused when `NODE_ENV=production`.',
  },
  {
    name: 'BATCH_SCHEDULER',
    default: '`on` (`off` in tests)',
    description:
      'Run the business-day batch in this server process: once a day after `BATCH_TIME` (JST), and at start for every day missed since the last run. Any number of processes may run it (work is claimed with `FOR UPDATE SKIP LOCKED`).',
  },
  {
    name: 'BATCH_TIME',
    default: '18:00',
    description:
      'JST time of day (`HH:MM`) after which the scheduler runs the day’s batch, once the NAVs are published.',
  },
  {
    name: 'BATCH_PURCHASE_LAG_DAYS',
    default: '2',
    description:
      'Business days from the recurring debit (the 27th or the next business day) to the recurring purchase orders (0-10).',
  },
  {
    name: 'BATCH_WORKERS',
    default: '2',
    description:
      'Concurrent claim loops per process running the batch on PostgreSQL (1-32), one connection each; PGlite always runs one.',
  },
  {
    name: 'BATCH_DEMO',
    default: '`true` (`false` in production)',
    description:
      'Demo batch data: the deterministic demo NAVs are added for each batch date, and debits of customers whose e-mail contains `+debitfail` fail (残高不足). `true` is refused when `NODE_ENV=production`.',
  },
  {
    name: 'DEMO_CLOCK',
    default: '`true` in development, else `false`',
    description:
      'The server’s business clock follows the demo clock: `npm run batch -- --date YYYY-MM-DD` moves it forward to 18:00 JST of that date (it never goes back). `true` is refused when `NODE_ENV=production`.',
  },
] as const satisfies readonly ConfigVariable[];

export type ConfigVariableName = (typeof configVariables)[number]['name'];

export interface ConfigIssue {
  readonly variable: string;
  readonly message: string;
}

/** Refusal of the environment; `message` lists every invalid variable, one per line. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super(
      [
        `Invalid configuration (${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}):`,
        ...issues.map((issue) => `  - ${issue.variable}: ${issue.message}`),
      ].join('\n'),
    );
    this.issues = issues;
  }
}

const booleanWords: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  on: true,
  off: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

const switchSetting = z.string().transform((value, context) => {
  const parsed = booleanWords[value.toLowerCase()];
  if (parsed === undefined) {
    context.addIssue({
      code: 'custom',
      message: `must be on or off (or true/false, yes/no, 1/0), got "${value}"`,
    });
    return z.NEVER;
  }
  return parsed;
});

const portSetting = z.string().transform((value, context) => {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) {
    context.addIssue({ code: 'custom', message: `must be a whole number from 1 to 65535, got "${value}"` });
    return z.NEVER;
  }
  return port;
});

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().transform((value, context) => {
    if (!(values as readonly string[]).includes(value)) {
      context.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}, got "${value}"` });
      return z.NEVER;
    }
    return value as T[number];
  });
}

// The value is never echoed: a connection string usually carries a password.
const databaseUrlSetting = z.string().transform((value, context) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || !['postgres:', 'postgresql:'].includes(url.protocol) || url.hostname === '') {
    context.addIssue({
      code: 'custom',
      message:
        'must be a PostgreSQL URL such as postgres://user:password@host:5432/database (value not shown)',
    });
    return z.NEVER;
  }
  return value;
});

const originSetting = z.string().transform((value, context) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const isOrigin =
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '';
  if (!isOrigin || url === undefined) {
    context.addIssue({
      code: 'custom',
      message: `must be an http(s) origin without path, e.g. https://fund.example.jp, got "${value}"`,
    });
    return z.NEVER;
  }
  return url.origin;
});

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  return prefix >= 0 && prefix <= (family === 4 ? 32 : 128);
}

const trustProxySetting = z.string().transform((value, context): TrustProxy => {
  const asBoolean = booleanWords[value.toLowerCase()];
  // "1"/"0" read as on/off, like every other switch; a hop count of 1 is the same as trusting one proxy
  if (asBoolean !== undefined) return asBoolean;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries;
  context.addIssue({
    code: 'custom',
    message: `must be true, false, a hop count, or comma-separated addresses/CIDRs (e.g. 10.0.0.0/8), got "${value}"`,
  });
  return z.NEVER;
});

const pathSetting = z
  .string()
  .transform((value) => (value === 'memory://' ? value : path.resolve(repoRoot, value)));

function countSetting(min: number, max: number) {
  return z.string().transform((value, context) => {
    const count = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
    if (!(count >= min && count <= max)) {
      context.addIssue({
        code: 'custom',
        message: `must be a whole number from ${min} to ${max}, got "${value}"`,
      });
      return z.NEVER;
    }
    return count;
  });
}

// Secrets are never echoed in messages.
const secretSetting = z.string().transform((value, context) => {
  if (value.length < 32) {
    context.addIssue({ code: 'custom', message: 'must be at least 32 characters long (value not shown)' });
    return z.NEVER;
  }
  return value;
});

const secretListSetting = z.string().transform((value, context) => {
  const secrets = value.split(',').map((entry) => entry.trim());
  if (secrets.some((secret) => secret.length < 32)) {
    context.addIssue({
      code: 'custom',
      message: 'must be comma-separated secrets of at least 32 characters each (value not shown)',
    });
    return z.NEVER;
  }
  return secrets;
});

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

// never echoed: the URL usually carries the SMTP password
const smtpUrlSetting = z.string().transform((value, context) => {
  const url = URL.parse(value);
  if (url === null || !['smtp:', 'smtps:'].includes(url.protocol) || url.hostname === '') {
    context.addIssue({
      code: 'custom',
      message: 'must be an SMTP URL such as smtps://user:password@smtp.example.jp:465 (value not shown)',
    });
    return z.NEVER;
  }
  return value;
});

const mailAddress = String.raw`[^<>\s@"]+@[^<>\s@"]+\.[^<>\s@"]+`;
const mailFromPattern = new RegExp(String.raw`^(?:[^<>\r\n]*<${mailAddress}>|${mailAddress})$`);

const mailFromSetting = z.string().transform((value, context) => {
  if (!mailFromPattern.test(value)) {
    context.addIssue({
      code: 'custom',
      message: `must be a mail address or "Name <address>", got "${value}"`,
    });
    return z.NEVER;
  }
  return value;
});

// never echoed: it is a secret
const encryptionKeySetting = z.string().transform((value, context) => {
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : Buffer.alloc(0);
  if (key.length !== 32) {
    context.addIssue({
      code: 'custom',
      message:
        'must be the base64 encoding of exactly 32 bytes, e.g. from `openssl rand -base64 32` (value not shown)',
    });
    return z.NEVER;
  }
  return new Uint8Array(key);
});

const hostNamePattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const hostNameSetting = z.string().transform((value, context) => {
  if (!hostNamePattern.test(value)) {
    context.addIssue({
      code: 'custom',
      message: `must be a lower-case host name without scheme or port, e.g. fund.example.jp, got "${value}"`,
    });
    return z.NEVER;
  }
  return value;
});

const timeOfDaySetting = z.string().transform((value, context) => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  const hour = Number(match?.[1] ?? Number.NaN);
  const minute = Number(match?.[2] ?? Number.NaN);
  if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59)) {
    context.addIssue({ code: 'custom', message: `must be a time of day HH:MM (JST), got "${value}"` });
    return z.NEVER;
  }
  return { hour, minute };
});

const environmentSchema = z.object({
  NODE_ENV: oneOf(nodeEnvironments).optional(),
  PORT: portSetting.optional(),
  HOST: z.string().optional(),
  DATABASE_URL: databaseUrlSetting.optional(),
  PGLITE_DATA_DIR: pathSetting.optional(),
  LOG_LEVEL: oneOf(logLevels).optional(),
  MAINTENANCE_MODE: switchSetting.optional(),
  MAINTENANCE_WINDOWS: switchSetting.optional(),
  WEB_DIST_DIR: pathSetting.optional(),
  PUBLIC_ORIGIN: originSetting.optional(),
  SEED_DEMO_DATA: switchSetting.optional(),
  TRUST_PROXY: trustProxySetting.optional(),
  OIDC_JWKS: jwksSetting.optional(),
  OIDC_COOKIE_KEYS: secretListSetting.optional(),
  OIDC_WEB_REDIRECT_URIS: redirectUriListSetting.optional(),
  OIDC_ADMIN_REDIRECT_URIS: redirectUriListSetting.optional(),
  IDENTITY_CORS_ORIGINS: originListSetting.optional(),
  OIDC_INITIAL_ACCESS_TOKEN: secretSetting.optional(),
  SIGN_IN_LOCK_THRESHOLD: countSetting(1, 100).optional(),
  SIGN_IN_RATE_LIMIT_PER_IP: countSetting(1, 100_000).optional(),
  SIGN_IN_RATE_LIMIT_PER_ACCOUNT: countSetting(1, 100_000).optional(),
  SMTP_URL: smtpUrlSetting.optional(),
  MAIL_FROM: mailFromSetting.optional(),
  MFA_ENCRYPTION_KEY: encryptionKeySetting.optional(),
  WEBAUTHN_RP_ID: hostNameSetting.optional(),
  SIGN_IN_SECOND_FACTOR_REQUIRED: switchSetting.optional(),
  PARTNER_HASH_KEY: secretSetting.optional(),
  PARTNER_SIMULATORS: switchSetting.optional(),
  BATCH_SCHEDULER: switchSetting.optional(),
  BATCH_TIME: timeOfDaySetting.optional(),
  BATCH_PURCHASE_LAG_DAYS: countSetting(0, 10).optional(),
  BATCH_WORKERS: countSetting(1, 32).optional(),
  BATCH_DEMO: switchSetting.optional(),
  DEMO_CLOCK: switchSetting.optional(),
} satisfies Record<ConfigVariableName, z.ZodType>);

/** Unset and blank variables both take the default, as `.env` files and compose files often leave `X=`. */
function knownVariables(
  environment: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  return Object.fromEntries(
    configVariables.map(({ name }) => {
      const value = environment[name]?.trim();
      return [name, value === '' ? undefined : value];
    }),
  );
}

export const defaultMailFrom = '投資信託 オンラインサービス <no-reply@example.jp>';

/** Parses the configuration from an environment; throws ConfigError listing every invalid variable. */
export function parseConfig(environment: Readonly<Record<string, string | undefined>>): Config {
  const result = environmentSchema.safeParse(knownVariables(environment));
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const variables = result.data;
  const nodeEnv = variables.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = variables.PORT ?? 3000;

  const issues: ConfigIssue[] = [];
  if (isProduction && variables.SEED_DEMO_DATA === true) {
    issues.push({
      variable: 'SEED_DEMO_DATA',
      message: 'demo data must not be seeded when NODE_ENV=production; unset it or set it to false',
    });
  }
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
  if (isProduction && variables.MFA_ENCRYPTION_KEY === undefined) {
    issues.push({
      variable: 'MFA_ENCRYPTION_KEY',
      message:
        'is required when NODE_ENV=production (the development key is public); generate one with `openssl rand -base64 32`',
    });
  }
  if (isProduction && variables.PARTNER_HASH_KEY === undefined) {
    issues.push({
      variable: 'PARTNER_HASH_KEY',
      message:
        'is required when NODE_ENV=production (the development key is public); generate one with `openssl rand -base64 32`',
    });
  }
  if (isProduction && variables.PARTNER_SIMULATORS === true) {
    issues.push({
      variable: 'PARTNER_SIMULATORS',
      message:
        'the partner site simulators must not run when NODE_ENV=production; unset it or set it to false',
    });
  }
  if (isProduction && variables.BATCH_DEMO === true) {
    issues.push({
      variable: 'BATCH_DEMO',
      message:
        'demo NAVs and demo debit failures must not be used when NODE_ENV=production; unset it or set it to false',
    });
  }
  if (isProduction && variables.DEMO_CLOCK === true) {
    issues.push({
      variable: 'DEMO_CLOCK',
      message:
        'the demo clock must not move the business date when NODE_ENV=production; unset it or set it to false',
    });
  }
  const originHost = new URL(variables.PUBLIC_ORIGIN ?? `http://localhost:${port}`).hostname;
  const rpId = variables.WEBAUTHN_RP_ID;
  // browsers refuse an RP ID that is neither the page's host nor a parent domain of it
  if (rpId !== undefined && rpId !== originHost && !originHost.endsWith(`.${rpId}`)) {
    issues.push({
      variable: 'WEBAUTHN_RP_ID',
      message: `must be the host name of PUBLIC_ORIGIN (${originHost}) or a parent domain of it, got "${rpId}"`,
    });
  }
  if (issues.length > 0) throw new ConfigError(issues);

  const pgliteDataDir = variables.PGLITE_DATA_DIR ?? path.join(repoRoot, '.data', 'pglite');
  const publicOrigin = variables.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  return {
    nodeEnv,
    isProduction,
    port,
    host: variables.HOST ?? '0.0.0.0',
    databaseUrl: variables.DATABASE_URL,
    pgliteDataDir,
    logLevel: variables.LOG_LEVEL ?? 'info',
    maintenanceMode: variables.MAINTENANCE_MODE ?? false,
    maintenanceWindows: variables.MAINTENANCE_WINDOWS ?? true,
    webDistDir: variables.WEB_DIST_DIR ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    publicOrigin,
    seedDemoData: variables.SEED_DEMO_DATA ?? !isProduction,
    trustProxy: variables.TRUST_PROXY ?? false,
    identity: identityConfig(variables, nodeEnv, publicOrigin, pgliteDataDir),
    mail: {
      smtpUrl: variables.SMTP_URL,
      from: variables.MAIL_FROM ?? defaultMailFrom,
    },
    mfa: {
      encryptionKey: variables.MFA_ENCRYPTION_KEY,
      webauthnRpId: variables.WEBAUTHN_RP_ID ?? new URL(publicOrigin).hostname,
      webauthnOrigin: publicOrigin,
      secondFactorRequired: variables.SIGN_IN_SECOND_FACTOR_REQUIRED ?? isProduction,
    },
    partners: {
      hashKey: variables.PARTNER_HASH_KEY,
      simulators: variables.PARTNER_SIMULATORS ?? !isProduction,
    },
    batch: {
      scheduler: variables.BATCH_SCHEDULER ?? nodeEnv !== 'test',
      time: variables.BATCH_TIME ?? { hour: 18, minute: 0 },
      purchaseLagDays: variables.BATCH_PURCHASE_LAG_DAYS ?? 2,
      workers: variables.BATCH_WORKERS ?? 2,
      demo: variables.BATCH_DEMO ?? !isProduction,
      demoClock: variables.DEMO_CLOCK ?? nodeEnv === 'development',
    },
  };
}

function identityConfig(
  variables: z.infer<typeof environmentSchema>,
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

/** The configuration of this process. Call once, at start (main.ts). */
export function loadConfig(): Config {
  return parseConfig(process.env);
}

/**
 * Development conveniences in effect, each worth a loud warning at start (architecture.md §4.9): fine on
 * a laptop, wrong for customers.
 */
export function developmentDefaultWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.databaseUrl === undefined) {
    warnings.push(
      config.pgliteDataDir === 'memory://'
        ? 'Embedded PGlite database in memory: all data is lost when the process stops. Set DATABASE_URL for PostgreSQL.'
        : `Embedded PGlite database in ${config.pgliteDataDir}: one process only, no scale-out. Set DATABASE_URL for PostgreSQL.`,
    );
  }
  if (config.seedDemoData) {
    warnings.push(
      'Demo data is seeded (SEED_DEMO_DATA): demo customers and their data exist in this database.',
    );
  }
  if (config.isProduction && new URL(config.publicOrigin).protocol !== 'https:') {
    warnings.push(
      `PUBLIC_ORIGIN ${config.publicOrigin} is not https: customers' tokens would travel in clear text.`,
    );
  }
  if (config.identity.jwks === undefined) {
    warnings.push(
      config.identity.jwksFile === undefined
        ? 'OpenID provider signing key generated in memory (OIDC_JWKS unset): every token dies with this process.'
        : `OpenID provider signing key generated and kept in ${config.identity.jwksFile} (OIDC_JWKS unset): development only.`,
    );
  }
  if (!config.maintenanceWindows) {
    warnings.push('Regular maintenance windows are off (MAINTENANCE_WINDOWS=off).');
  }
  if (config.mail.smtpUrl === undefined) {
    warnings.push(
      config.isProduction
        ? 'SMTP_URL is unset: mail (codes, notifications) stays in the outbox table and reaches nobody.'
        : 'SMTP_URL is unset: no mail leaves this server; read it in the development mailbox at /dev/mailbox.',
    );
  }
  if (config.mfa.encryptionKey === undefined) {
    warnings.push('MFA_ENCRYPTION_KEY is unset: TOTP secrets are encrypted with the public development key.');
  }
  if (config.partners.hashKey === undefined) {
    warnings.push(
      'PARTNER_HASH_KEY is unset: hashed user ids and trade-report links use the public development key.',
    );
  }
  if (config.batch.demo) {
    warnings.push(
      'Batch demo data is on (BATCH_DEMO): demo NAVs are added for each batch date and `+debitfail` customers fail their debits.',
    );
  }
  if (config.batch.demoClock) {
    warnings.push(
      'The business clock follows the demo clock (DEMO_CLOCK): `npm run batch -- --date` moves it forward.',
    );
  }
  if (config.partners.simulators) {
    warnings.push(
      'Partner site simulators are served under /partners/ (PARTNER_SIMULATORS): demo pages that change customer data without a partner.',
    );
  }
  return warnings;
}
