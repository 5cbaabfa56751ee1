// Starts the real server (built web app, real database) for the browser tests, on a free loopback port
// with a fresh embedded database, or on PostgreSQL when DATABASE_URL is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  log: () => string;
  stop: () => Promise<void>;
  /**
   * Stops the server, runs `action` with the environment the server ran with (its database: the PGlite
   * data directory, which only one process may open, or DATABASE_URL), then starts it again on the same
   * address and data, as docs/demo.md tells a developer to do around `npm run batch`. Tokens signed before
   * stay verifiable only when the signing keys outlive the process (pass OIDC_JWKS in `env`).
   */
  whileStopped: (action: (env: NodeJS.ProcessEnv) => Promise<void>) => Promise<void>;
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Server exited with ${child.exitCode} before it was ready:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server did not become healthy within 60 s:\n${log()}`);
}

export interface ServerOptions {
  /** Environment overrides, e.g. `{ MAINTENANCE_MODE: 'on' }`. */
  readonly env?: Record<string, string>;
  /**
   * The host name the browser uses. Passkeys need `localhost` (WebAuthn refuses an IP address as the
   * relying party); everything else runs on 127.0.0.1.
   */
  readonly host?: 'localhost' | '127.0.0.1';
}

export async function startServer({
  env = {},
  host = '127.0.0.1',
}: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://${host}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fund-e2e-'));
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    // redirect URIs, the issuer and the passkey relying party must name the address the browser uses
    PUBLIC_ORIGIN: baseUrl,
    PGLITE_DATA_DIR: join(dataDir, 'pglite'),
    LOG_LEVEL: 'warn',
    // the regular maintenance windows would make the suite depend on the hour it runs at
    MAINTENANCE_WINDOWS: 'off',
    ...env,
  };
  let output = '';
  const log = () => output;

  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: serverEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitUntilHealthy(baseUrl, child, log);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return child;
  };
  const halt = async (child: ChildProcess): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };

  let child: ChildProcess;
  try {
    child = await launch();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    log,
    stop: async () => {
      await halt(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
    whileStopped: async (action) => {
      await halt(child);
      await action({ ...serverEnv });
      child = await launch();
    },
  };
}
