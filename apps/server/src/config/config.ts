import path from 'node:path';
import { z } from 'zod';
import {
  batchConfig,
  batchEnvironment,
  batchIssues,
  batchVariables,
  type BatchConfig,
} from './batch-config.ts';
import { repoRoot, type ConfigIssue } from './config-settings.ts';
import {
  identityConfig,
  identityEnvironment,
  identityIssues,
  identityVariables,
  type IdentityConfig,
} from './identity-config.ts';
import { mailConfig, mailEnvironment, mailIssues, mailVariables, type MailConfig } from './mail-config.ts';
import {
  mfaConfig,
  mfaEnvironment,
  mfaIssues,
  mfaVariables,
  relyingPartyIssues,
  type MfaConfig,
} from './mfa-config.ts';
import {
  partnersConfig,
  partnersEnvironment,
  partnersIssues,
  partnersVariables,
  type PartnersConfig,
} from './partners-config.ts';
import {
  serverEnvironment,
  serverIssues,
  serverVariables,
  type LogLevel,
  type NodeEnvironment,
  type TrustProxy,
} from './server-config.ts';

/**
 * The server's configuration, parsed once at start from the environment (architecture.md §4.4). This is
 * the only module that reads `process.env`; everything else receives the parsed `Config`.
 */
// Each concern (the server process, identity, mail, second factors, partners, batch) keeps its
// variables, their parsers and its refusals in its own file; this one puts them together.

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
  /** Identity service (OpenID provider, sign-in pages); identity-config.ts. */
  readonly identity: IdentityConfig;
  /** Outgoing mail; mail-config.ts. */
  readonly mail: MailConfig;
  /** Second factors: TOTP, emailed codes, passkeys; mfa-config.ts. */
  readonly mfa: MfaConfig;
  /** Hand-offs to the partner sites and their simulators; partners-config.ts. */
  readonly partners: PartnersConfig;
  /** The business-day batch and its scheduler; batch-config.ts. */
  readonly batch: BatchConfig;
}

/** Every environment variable, in the order of the table in docs/configuration.md. */
export const configVariables = [
  ...serverVariables,
  ...identityVariables,
  ...mailVariables,
  ...mfaVariables,
  ...partnersVariables,
  ...batchVariables,
] as const;

export type ConfigVariableName = (typeof configVariables)[number]['name'];

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

const environmentSchema = z.object({
  ...serverEnvironment.shape,
  ...identityEnvironment.shape,
  ...mailEnvironment.shape,
  ...mfaEnvironment.shape,
  ...partnersEnvironment.shape,
  ...batchEnvironment.shape,
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

  const publicOrigin = variables.PUBLIC_ORIGIN ?? `http://localhost:${port}`;
  const issues: ConfigIssue[] = [
    ...serverIssues(variables, isProduction),
    ...identityIssues(variables, isProduction),
    ...mfaIssues(variables, isProduction),
    ...mailIssues(variables, isProduction),
    ...partnersIssues(variables, isProduction),
    ...batchIssues(variables, isProduction),
    ...relyingPartyIssues(variables, publicOrigin),
  ];
  if (issues.length > 0) throw new ConfigError(issues);

  const pgliteDataDir = variables.PGLITE_DATA_DIR ?? path.join(repoRoot, '.data', 'pglite');
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
    mail: mailConfig(variables),
    mfa: mfaConfig(variables, publicOrigin, isProduction),
    partners: partnersConfig(variables, isProduction),
    batch: batchConfig(variables, nodeEnv, isProduction),
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
  if (config.partners.fundFeedKeys === undefined) {
    warnings.push('FUND_FEED_KEYS is unset: anyone may sign a fund feed with the public development key.');
  }
  if (config.partners.inboundKeys === undefined) {
    warnings.push(
      'PARTNER_INBOUND_KEYS is unset: anyone may sign account and trading-status events with the public development key.',
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
