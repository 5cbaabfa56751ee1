import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentServerBundle } from '../../../../scripts/server-bundle.ts';
import { repoRoot } from '../config/config-settings.ts';
import { freePort } from '../test/free-port.ts';

/*
 * `npm start` runs the server from one JavaScript file that holds its packages too (scripts/server-bundle.ts,
 * decision 033); every other test runs the sources. This one makes the bundle and starts it as `npm start`
 * does, on a new embedded database, and asks it for what its bundled packages serve: fastify's routes and
 * error body, the identity provider (oidc-provider, jose), the API description and its explorer (an
 * external package reading its own files), and the web app's document.
 */

describe('the server bundle npm start runs', () => {
  let server: ChildProcess | undefined;
  let origin = '';
  const output: string[] = [];
  const dataParent = mkdtempSync(path.join(tmpdir(), 'fund-bundle-'));

  beforeAll(async () => {
    const bundle = await currentServerBundle();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--enable-source-maps', bundle], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PGLITE_DATA_DIR: path.join(dataParent, 'pglite'),
        DATABASE_URL: '',
        BATCH_SCHEDULER: 'off',
        MAINTENANCE_WINDOWS: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    for (let waited = 0; ; waited += 100) {
      if (server.exitCode !== null) throw new Error(`the bundle stopped:\n${output.join('')}`);
      if (waited > 60_000) throw new Error(`the bundle did not answer:\n${output.join('')}`);
      if ((await fetch(`${origin}/healthz`).catch(() => undefined))?.ok === true) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    if (server !== undefined && server.exitCode === null) {
      const stopped = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
    }
    rmSync(dataParent, { recursive: true, force: true });
  }, 30_000);

  it('answers the identity provider’s discovery and keys (oidc-provider and jose bundled)', async () => {
    const discovery = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const { jwks_uri: jwksUri } = (await discovery.json()) as { jwks_uri: string };
    const keys = (await (await fetch(jwksUri.replace(/^https?:\/\/[^/]+/, origin))).json()) as {
      keys: unknown[];
    };
    expect(keys.keys.length).toBeGreaterThan(0);
  });

  it('refuses an API call without a token in the spec’s error body (fastify, zod and the error catalogue bundled)', async () => {
    const response = await fetch(`${origin}/v1/assets`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: expect.stringMatching(/^401-/) });
  });

  it('serves the API description and its explorer, whose page files stay in their package', async () => {
    expect((await fetch(`${origin}/docs/json`)).status).toBe(200);
    const explorer = await fetch(`${origin}/docs/static/swagger-ui.css`);
    expect(explorer.status).toBe(200);
    expect(await explorer.text()).toContain('.swagger-ui');
  });
});
