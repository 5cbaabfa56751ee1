import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { Database, DatabaseHandle } from '@fund/db';
import { buildApp, type App } from '../app.ts';
import { parseConfig } from '../config/config.ts';
import type { Clock } from '../plugins/clock.plugin.ts';

/** A built web app as Vite leaves it: index.html, a hashed asset, an unhashed public file. */
export interface WebDist {
  readonly dir: string;
  readonly indexHtml: string;
  /** The admin build's index.html (`admin/`, decision 024) and its hashed script. */
  readonly adminIndexHtml: string;
  readonly adminAssetPath: string;
  readonly assetPath: string;
  readonly assetBody: string;
  remove(): void;
}

export function createWebDist(): WebDist {
  const dir = mkdtempSync(path.join(tmpdir(), 'fund-web-dist-'));
  const indexHtml =
    '<!doctype html><html lang="ja"><head><meta charset="UTF-8"><title>テスト</title>' +
    '<script type="module" crossorigin src="/static/index-Bx7kQ2.js"></script></head><body><div id="root"></div></body></html>';
  const assetBody = 'export const built = true;\n';
  mkdirSync(path.join(dir, 'static'));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'static', 'index-Bx7kQ2.js'), assetBody);
  // the build's precompressed copy (apps/web/precompress-plugin.ts)
  writeFileSync(path.join(dir, 'static', 'index-Bx7kQ2.js.gz'), gzipSync(assetBody));
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  // the admin build in its folder, as `vite build --mode admin` writes it (no temporary build here)
  const adminIndexHtml =
    '<!doctype html><html lang="ja"><head><meta charset="UTF-8"><title>オペレーターコンソール</title>' +
    '<script type="module" crossorigin src="/admin/static/index-Ad9mQ1.js"></script></head><body><div id="root"></div></body></html>';
  mkdirSync(path.join(dir, 'admin', 'static'), { recursive: true });
  writeFileSync(path.join(dir, 'admin', 'index.html'), adminIndexHtml);
  writeFileSync(path.join(dir, 'admin', 'static', 'index-Ad9mQ1.js'), 'export const admin = true;\n');
  return {
    dir,
    indexHtml,
    adminIndexHtml,
    adminAssetPath: '/admin/static/index-Ad9mQ1.js',
    assetPath: '/static/index-Bx7kQ2.js',
    assetBody,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A handle for tests that are not about the database: the app only stores it, and any query through it
 * fails loudly instead of passing by accident.
 */
export function fakeDatabase(): DatabaseHandle {
  const db = new Proxy({} as Database, {
    get(_target, property) {
      throw new Error(
        `fakeDatabase: the test used the database (db.${String(property)}); use createTestDatabase()`,
      );
    },
  });
  return { kind: 'pglite', db, close: async () => {} };
}

export function fixedClock(instant: Date): Clock {
  return { now: () => new Date(instant) };
}

/** Collects the app's JSON log lines. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  }

  text(): string {
    return this.lines.map((line) => JSON.stringify(line)).join('\n');
  }
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  readonly env?: Readonly<Record<string, string>>;
  readonly database?: DatabaseHandle;
  /** Settles when the database is ready for requests, as main.ts passes it (db.plugin.ts). */
  readonly databaseReady?: Promise<unknown>;
  /** The business clock. */
  readonly clock?: Clock;
  /** The real clock of credential lifetimes (tokens, sessions, codes); the system clock by default. */
  readonly realClock?: Clock;
  readonly logs?: LogCapture;
}

/**
 * The real app on test defaults: NODE_ENV=test, regular maintenance windows off (a test pins the clock
 * when it is about them), logs silent unless captured.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.logs === undefined ? 'silent' : 'info',
    MAINTENANCE_WINDOWS: 'off',
    WEB_DIST_DIR: path.join(tmpdir(), 'fund-web-dist-absent'),
    PGLITE_DATA_DIR: 'memory://',
    ...options.env,
  });
  return buildApp({
    config,
    database: options.database ?? fakeDatabase(),
    ...(options.databaseReady === undefined ? {} : { databaseReady: options.databaseReady }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.realClock === undefined ? {} : { realClock: options.realClock }),
    ...(options.logs === undefined ? {} : { logStream: options.logs }),
  });
}
