import { isIP } from 'node:net';
import { z } from 'zod';
import {
  booleanWords,
  oneOf,
  pathSetting,
  switchSetting,
  type ConfigIssue,
  type ConfigVariable,
} from './config-settings.ts';

/**
 * The server process itself: environment, where it listens, its database, the built web app, the
 * maintenance switches, demo data and the proxies in front of it.
 */

export const nodeEnvironments = ['development', 'test', 'production'] as const;
export type NodeEnvironment = (typeof nodeEnvironments)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Fastify's `trustProxy`: off, on for every hop, a hop count, or the addresses/CIDRs of trusted proxies. */
export type TrustProxy = boolean | number | string[];

export const serverVariables = [
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
] as const satisfies readonly ConfigVariable[];

const portSetting = z.string().transform((value, context) => {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) {
    context.addIssue({ code: 'custom', message: `must be a whole number from 1 to 65535, got "${value}"` });
    return z.NEVER;
  }
  return port;
});

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

export const serverEnvironment = z.object({
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
} satisfies Record<(typeof serverVariables)[number]['name'], z.ZodType>);

/** What NODE_ENV=production refuses of the server's own settings. */
export function serverIssues(
  variables: z.infer<typeof serverEnvironment>,
  isProduction: boolean,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (isProduction && variables.SEED_DEMO_DATA === true) {
    issues.push({
      variable: 'SEED_DEMO_DATA',
      message: 'demo data must not be seeded when NODE_ENV=production; unset it or set it to false',
    });
  }
  return issues;
}
