import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configVariables,
  developmentDefaultWarnings,
  parseConfig,
  repoRoot,
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

describe('production', () => {
  it('is production-like and does not seed demo data by default', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://fund@db.internal:5432/fund',
    });
    expect(config.isProduction).toBe(true);
    expect(config.seedDemoData).toBe(false);
  });

  it('refuses SEED_DEMO_DATA=true, naming the variable', () => {
    const error = configError({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' });
    expect(error.issues).toEqual([
      { variable: 'SEED_DEMO_DATA', message: expect.stringContaining('production') },
    ]);
  });

  it('warns about the embedded database and a plain-http public origin', () => {
    const warnings = developmentDefaultWarnings(parseConfig({ NODE_ENV: 'production' }));
    expect(warnings.join('\n')).toMatch(/PGlite/);
    expect(warnings.join('\n')).toMatch(/PUBLIC_ORIGIN http:\/\/localhost:3000 is not https/);
  });

  it('has no development-default warning with PostgreSQL, https and no demo data', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://fund@db.internal:5432/fund',
      PUBLIC_ORIGIN: 'https://fund.example.jp',
    });
    expect(developmentDefaultWarnings(config)).toEqual([]);
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

describe('configVariables (the README table)', () => {
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
    };
    const refused = configError(badValues).issues.map((issue) => issue.variable);
    expect(refused).toEqual(Object.keys(badValues));
  });
});
