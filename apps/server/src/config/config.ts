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
  if (issues.length > 0) throw new ConfigError(issues);

  return {
    nodeEnv,
    isProduction,
    port,
    host: variables.HOST ?? '0.0.0.0',
    databaseUrl: variables.DATABASE_URL,
    pgliteDataDir: variables.PGLITE_DATA_DIR ?? path.join(repoRoot, '.data', 'pglite'),
    logLevel: variables.LOG_LEVEL ?? 'info',
    maintenanceMode: variables.MAINTENANCE_MODE ?? false,
    maintenanceWindows: variables.MAINTENANCE_WINDOWS ?? true,
    webDistDir: variables.WEB_DIST_DIR ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    publicOrigin: variables.PUBLIC_ORIGIN ?? `http://localhost:${port}`,
    seedDemoData: variables.SEED_DEMO_DATA ?? !isProduction,
    trustProxy: variables.TRUST_PROXY ?? false,
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
  if (!config.maintenanceWindows) {
    warnings.push('Regular maintenance windows are off (MAINTENANCE_WINDOWS=off).');
  }
  return warnings;
}
