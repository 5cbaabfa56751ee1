import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config-settings.ts';
import {
  ConfigError,
  configVariables,
  developmentDefaultWarnings,
  parseConfig,
  type Config,
} from './config.ts';

function configError(environment: Record<string, string>): ConfigError {
  try {
    parseConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration defaults (empty environment)', () => {
  it('runs a development server on port 3000 with PGlite, demo data and the maintenance windows', () => {
    expect(parseConfig({})).toEqual<Config>({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgliteDataDir: path.join(repoRoot, '.data', 'pglite'),
      logLevel: 'info',
      maintenanceMode: false,
      maintenanceWindows: true,
      webDistDir: path.join(repoRoot, 'apps', 'web', 'dist'),
      publicOrigin: 'http://localhost:3000',
      seedDemoData: true,
      trustProxy: false,
      identity: {
        jwks: undefined,
        jwksFile: path.join(repoRoot, '.data', 'oidc-jwks.json'),
        cookieKeys: undefined,
        webRedirectUris: ['http://localhost:3000/'],
        adminRedirectUris: ['http://localhost:3000/admin/'],
        corsOrigins: ['http://localhost:3000'],
        initialAccessToken: undefined,
        lockThreshold: 5,
        signInLimitPerIp: 30,
        signInLimitPerAccount: 10,
      },
      mail: { smtpUrl: undefined, from: '投資信託 オンラインサービス <no-reply@example.jp>' },
      mfa: {
        encryptionKey: undefined,
        webauthnRpId: 'localhost',
        webauthnOrigin: 'http://localhost:3000',
        secondFactorRequired: false,
      },
      partners: {
        hashKey: undefined,
        simulators: true,
        fundFeedKeys: undefined,
        inboundKeys: undefined,
        cardIssuerApiUrl: undefined,
        tradeReportsUrl: undefined,
      },
      batch: {
        scheduler: true,
        time: { hour: 18, minute: 0 },
        purchaseLagDays: 2,
        workers: 2,
        demo: true,
        demoClock: true,
      },
    });
  });

  it('finds the repository root from the source file, not from the working directory', () => {
    expect(path.join(repoRoot, 'apps', 'server', 'src', 'config', 'config.ts')).toBe(
      new URL(import.meta.url).pathname.replace('config.test.ts', 'config.ts'),
    );
  });

  it('derives PUBLIC_ORIGIN from PORT', () => {
    expect(parseConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
  });

  it('treats blank variables as unset', () => {
    expect(parseConfig({ PORT: '', NODE_ENV: '  ', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      databaseUrl: undefined,
    });
  });

  it('ignores variables it does not know', () => {
    expect(() => parseConfig({ PATH: '/usr/bin', UNRELATED: 'x' })).not.toThrow();
  });
});

/** The secrets and the mail server production requires (not real keys: the parser checks their shape only). */
const productionSecrets = {
  SMTP_URL: 'smtp://mail.internal:587',
  OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }] }),
  OIDC_COOKIE_KEYS: 'k'.repeat(32),
  MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PARTNER_HASH_KEY: 'p'.repeat(32),
  FUND_FEED_KEYS: 'f'.repeat(32),
  PARTNER_INBOUND_KEYS: 'i'.repeat(32),
  CARD_ISSUER_API_URL: 'https://api.card.example.jp/v1/',
  PARTNER_TRADE_REPORTS_URL: 'https://reports.example.jp/fund',
};

describe('production', () => {
  it('is production-like and does not seed demo data by default', () => {
    const config = parseConfig({
      ...productionSecrets,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://fund@db.internal:5432/fund',
    });
    expect(config.isProduction).toBe(true);
    expect(config.seedDemoData).toBe(false);
    expect(config.mfa.secondFactorRequired).toBe(true);
    expect(config.partners.simulators).toBe(false);
  });

  it('makes a second factor mandatory at sign-in, unless SIGN_IN_SECOND_FACTOR_REQUIRED=off', () => {
    const production = { ...productionSecrets, NODE_ENV: 'production' };
    expect(
      parseConfig({ ...production, SIGN_IN_SECOND_FACTOR_REQUIRED: 'off' }).mfa.secondFactorRequired,
    ).toBe(false);
    expect(parseConfig({ SIGN_IN_SECOND_FACTOR_REQUIRED: 'on' }).mfa.secondFactorRequired).toBe(true);
    expect(configError({ SIGN_IN_SECOND_FACTOR_REQUIRED: 'x' }).issues[0]?.variable).toBe(
      'SIGN_IN_SECOND_FACTOR_REQUIRED',
    );
  });

  it('refuses SEED_DEMO_DATA=true, naming the variable', () => {
    const error = configError({ ...productionSecrets, NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
    expect(error.issues).toEqual([
      { variable: 'SEED_DEMO_DATA', message: expect.stringContaining('production') },
    ]);
  });

  it('refuses PARTNER_SIMULATORS=true, naming the variable; off stays allowed', () => {
    const error = configError({ ...productionSecrets, NODE_ENV: 'production', PARTNER_SIMULATORS: 'true' });
    expect(error.issues).toEqual([
      { variable: 'PARTNER_SIMULATORS', message: expect.stringContaining('production') },
    ]);
    expect(
      parseConfig({ ...productionSecrets, NODE_ENV: 'production', PARTNER_SIMULATORS: 'off' }).partners,
    ).toEqual({
      hashKey: 'p'.repeat(32),
      simulators: false,
      fundFeedKeys: ['f'.repeat(32)],
      inboundKeys: ['i'.repeat(32)],
      // kept without the trailing slash, so paths are added to it the same way whichever was written
      cardIssuerApiUrl: 'https://api.card.example.jp/v1',
      tradeReportsUrl: 'https://reports.example.jp/fund',
    });
  });

  it('warns about the embedded database and a plain-http public origin', () => {
    const warnings = developmentDefaultWarnings(
      parseConfig({ ...productionSecrets, NODE_ENV: 'production' }),
    );
    expect(warnings.join('\n')).toMatch(/PGlite/);
    expect(warnings.join('\n')).toMatch(/PUBLIC_ORIGIN http:\/\/localhost:3000 is not https/);
  });

  it('has no development-default warning with PostgreSQL, https and no demo data', () => {
    const config = parseConfig({
      ...productionSecrets,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://fund@db.internal:5432/fund',
      PUBLIC_ORIGIN: 'https://fund.example.jp',
      SMTP_URL: 'smtps://mailer:password@smtp.example.jp:465',
    });
    expect(developmentDefaultWarnings(config)).toEqual([]);
  });

  it('refuses to start without signing keys and cookie secrets, naming both', () => {
    const error = configError({ NODE_ENV: 'production' });
    expect(error.issues.map((issue) => issue.variable)).toEqual([
      'OIDC_JWKS',
      'OIDC_COOKIE_KEYS',
      'MFA_ENCRYPTION_KEY',
      'SMTP_URL',
      'PARTNER_HASH_KEY',
      'FUND_FEED_KEYS',
      'PARTNER_INBOUND_KEYS',
      'CARD_ISSUER_API_URL',
      'PARTNER_TRADE_REPORTS_URL',
    ]);
  });

  it('refuses to start without an SMTP server while sign-in codes are mailed, in one line naming SMTP_URL', () => {
    const { SMTP_URL: _mailServer, ...withoutMail } = productionSecrets;
    const error = configError({ ...withoutMail, NODE_ENV: 'production' });
    expect(error.issues).toEqual([
      { variable: 'SMTP_URL', message: expect.stringContaining('nobody can sign in') },
    ]);
    expect(error.message.split('\n')).toHaveLength(2);
    // with the second factor by mail switched off, no code is mailed at sign-in: no mail server needed
    expect(
      parseConfig({ ...withoutMail, NODE_ENV: 'production', SIGN_IN_SECOND_FACTOR_REQUIRED: 'off' }).mail
        .smtpUrl,
    ).toBeUndefined();
    // outside production the development mailbox shows the codes
    expect(parseConfig({ SIGN_IN_SECOND_FACTOR_REQUIRED: 'on' }).mail.smtpUrl).toBeUndefined();
  });

  it('never echoes a malformed key set or a short secret', () => {
    const error = configError({
      OIDC_JWKS: '{"keys":[{"kty":"EC","x":"secret-x"}]}',
      OIDC_COOKIE_KEYS: 'short',
    });
    expect(error.message).not.toContain('secret-x');
    expect(error.message).not.toContain('short');
    expect(error.issues.map((issue) => issue.variable)).toEqual(['OIDC_JWKS', 'OIDC_COOKIE_KEYS']);
  });
});

describe('invalid values are refused with a message naming each variable', () => {
  it('refuses PORT=abc with a clear message naming PORT', () => {
    const error = configError({ PORT: 'abc' });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      'Invalid configuration (1 problem):\n  - PORT: must be a whole number from 1 to 65535, got "abc"',
    );
  });

  it.each(['0', '65536', '-1', '30.5', '3000abc'])('refuses PORT=%s', (port) => {
    expect(configError({ PORT: port }).issues.map((issue) => issue.variable)).toEqual(['PORT']);
  });

  it('lists every invalid variable, one per line', () => {
    const error = configError({
      NODE_ENV: 'prod',
      PORT: 'http',
      LOG_LEVEL: 'verbose',
      MAINTENANCE_MODE: 'maybe',
      PUBLIC_ORIGIN: 'https://fund.example.jp/app',
      TRUST_PROXY: 'everyone',
    });
    expect(error.issues.map((issue) => issue.variable)).toEqual([
      'NODE_ENV',
      'PORT',
      'LOG_LEVEL',
      'MAINTENANCE_MODE',
      'PUBLIC_ORIGIN',
      'TRUST_PROXY',
    ]);
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('Invalid configuration (6 problems):');
    expect(lines.slice(1)).toEqual(error.issues.map((issue) => `  - ${issue.variable}: ${issue.message}`));
    expect(error.message).toContain('NODE_ENV: must be one of development, test, production, got "prod"');
  });

  it('never echoes DATABASE_URL, which usually carries a password', () => {
    const error = configError({ DATABASE_URL: 'mysql://admin:s3cret@db:3306/fund' });
    expect(error.issues[0]?.variable).toBe('DATABASE_URL');
    expect(error.message).not.toContain('s3cret');
  });
});

describe('partner sites', () => {
  it('serves the simulators and warns about the development hash key outside production', () => {
    const config = parseConfig({});
    expect(config.partners).toEqual({ hashKey: undefined, simulators: true });
    const warnings = developmentDefaultWarnings(config).join('\n');
    expect(warnings).toMatch(/PARTNER_HASH_KEY is unset/);
    expect(warnings).toMatch(/PARTNER_SIMULATORS/);
  });

  it('reads PARTNER_SIMULATORS=off and a configured key, and never echoes a short key', () => {
    const key = 'a-partner-hash-key-of-32-characters-or-more';
    expect(parseConfig({ PARTNER_SIMULATORS: 'off', PARTNER_HASH_KEY: key }).partners).toEqual({
      hashKey: key,
      simulators: false,
      fundFeedKeys: undefined,
      inboundKeys: undefined,
      cardIssuerApiUrl: undefined,
      tradeReportsUrl: undefined,
    });
    const error = configError({ PARTNER_HASH_KEY: 'short-secret' });
    expect(error.issues.map((issue) => issue.variable)).toEqual(['PARTNER_HASH_KEY']);
    expect(error.message).not.toContain('short-secret');
  });
});

describe('switches and lists', () => {
  it.each([
    ['on', true],
    ['off', false],
    ['true', true],
    ['FALSE', false],
    ['1', true],
    ['0', false],
    ['yes', true],
    ['no', false],
  ])('reads MAINTENANCE_MODE=%s as %s', (value, expected) => {
    expect(parseConfig({ MAINTENANCE_MODE: value }).maintenanceMode).toBe(expected);
  });

  it('reads TRUST_PROXY as a switch, a hop count or a list of addresses/CIDRs', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ]);
    expect(configError({ TRUST_PROXY: '10.0.0.0/33' }).issues[0]?.variable).toBe('TRUST_PROXY');
  });

  it('normalises PUBLIC_ORIGIN to an origin (no trailing slash)', () => {
    expect(parseConfig({ PUBLIC_ORIGIN: 'https://fund.example.jp/' }).publicOrigin).toBe(
      'https://fund.example.jp',
    );
  });

  it('resolves relative directories against the repository root and keeps memory://', () => {
    expect(parseConfig({ PGLITE_DATA_DIR: '.data/other', WEB_DIST_DIR: 'apps/web/dist' })).toMatchObject({
      pgliteDataDir: path.join(repoRoot, '.data', 'other'),
      webDistDir: path.join(repoRoot, 'apps', 'web', 'dist'),
    });
    expect(parseConfig({ PGLITE_DATA_DIR: 'memory://' }).pgliteDataDir).toBe('memory://');
  });
});

describe('business-day batch', () => {
  it('runs the scheduler at 18:00 JST with demo data and the demo clock in development', () => {
    expect(parseConfig({}).batch).toEqual({
      scheduler: true,
      time: { hour: 18, minute: 0 },
      purchaseLagDays: 2,
      workers: 2,
      demo: true,
      demoClock: true,
    });
    expect(developmentDefaultWarnings(parseConfig({})).join('\n')).toMatch(/BATCH_DEMO[\s\S]*DEMO_CLOCK/);
  });

  it('keeps the scheduler and the demo clock off in tests', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).batch).toMatchObject({
      scheduler: false,
      demoClock: false,
      demo: true,
    });
  });

  it('uses no demo data and no demo clock in production, and refuses either when asked for', () => {
    const production = { ...productionSecrets, NODE_ENV: 'production' };
    expect(parseConfig(production).batch).toMatchObject({ scheduler: true, demo: false, demoClock: false });
    expect(configError({ ...production, BATCH_DEMO: 'on', DEMO_CLOCK: 'on' }).issues).toEqual([
      { variable: 'BATCH_DEMO', message: expect.stringContaining('production') },
      { variable: 'DEMO_CLOCK', message: expect.stringContaining('production') },
    ]);
  });

  it('reads BATCH_TIME as HH:MM and refuses 24:00 or 6pm', () => {
    expect(
      parseConfig({
        BATCH_TIME: '17:30',
        BATCH_PURCHASE_LAG_DAYS: '3',
        BATCH_WORKERS: '4',
        BATCH_SCHEDULER: 'off',
      }).batch,
    ).toMatchObject({ time: { hour: 17, minute: 30 }, purchaseLagDays: 3, workers: 4, scheduler: false });
    expect(configError({ BATCH_TIME: '24:00' }).issues[0]?.variable).toBe('BATCH_TIME');
    expect(configError({ BATCH_TIME: '6pm' }).issues[0]?.variable).toBe('BATCH_TIME');
    expect(configError({ BATCH_WORKERS: '0' }).issues[0]?.variable).toBe('BATCH_WORKERS');
  });
});

describe('configVariables (the table in docs/configuration.md)', () => {
  it('documents each variable once, with a default and a meaning', () => {
    const names = configVariables.map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([
      'NODE_ENV',
      'PORT',
      'HOST',
      'DATABASE_URL',
      'PGLITE_DATA_DIR',
      'LOG_LEVEL',
      'MAINTENANCE_MODE',
      'MAINTENANCE_WINDOWS',
      'WEB_DIST_DIR',
      'PUBLIC_ORIGIN',
      'SEED_DEMO_DATA',
      'TRUST_PROXY',
      'OIDC_JWKS',
      'OIDC_COOKIE_KEYS',
      'OIDC_WEB_REDIRECT_URIS',
      'OIDC_ADMIN_REDIRECT_URIS',
      'IDENTITY_CORS_ORIGINS',
      'OIDC_INITIAL_ACCESS_TOKEN',
      'SIGN_IN_LOCK_THRESHOLD',
      'SIGN_IN_RATE_LIMIT_PER_IP',
      'SIGN_IN_RATE_LIMIT_PER_ACCOUNT',
      'SMTP_URL',
      'MAIL_FROM',
      'MFA_ENCRYPTION_KEY',
      'WEBAUTHN_RP_ID',
      'SIGN_IN_SECOND_FACTOR_REQUIRED',
      'PARTNER_HASH_KEY',
      'PARTNER_SIMULATORS',
      'FUND_FEED_KEYS',
      'PARTNER_INBOUND_KEYS',
      'CARD_ISSUER_API_URL',
      'PARTNER_TRADE_REPORTS_URL',
      'BATCH_SCHEDULER',
      'BATCH_TIME',
      'BATCH_PURCHASE_LAG_DAYS',
      'BATCH_WORKERS',
      'BATCH_DEMO',
      'DEMO_CLOCK',
    ]);
    for (const variable of configVariables) {
      expect(variable.default).not.toBe('');
      expect(variable.description.length).toBeGreaterThan(10);
    }
  });

  it('is what the parser reads: a bad value for each documented variable is refused under its name', () => {
    const badValues: Record<string, string> = {
      NODE_ENV: 'x',
      PORT: 'x',
      DATABASE_URL: 'x',
      LOG_LEVEL: 'x',
      MAINTENANCE_MODE: 'x',
      MAINTENANCE_WINDOWS: 'x',
      PUBLIC_ORIGIN: 'x',
      SEED_DEMO_DATA: 'x',
      TRUST_PROXY: 'x',
      PARTNER_HASH_KEY: 'x',
      PARTNER_SIMULATORS: 'x',
      FUND_FEED_KEYS: 'x',
      PARTNER_INBOUND_KEYS: 'x',
      CARD_ISSUER_API_URL: 'x',
      PARTNER_TRADE_REPORTS_URL: 'x',
      BATCH_SCHEDULER: 'x',
      BATCH_TIME: 'x',
      BATCH_PURCHASE_LAG_DAYS: 'x',
      BATCH_WORKERS: 'x',
      BATCH_DEMO: 'x',
      DEMO_CLOCK: 'x',
    };
    const refused = configError(badValues).issues.map((issue) => issue.variable);
    expect(refused).toEqual(Object.keys(badValues));
  });
});
