import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair } from 'jose';
import { CuttableRelay } from '../../test/cuttable-relay.ts';
import { freePort } from '../../test/free-port.ts';
import { createWebDist, type WebDist } from '../../test/test-app.ts';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
/** The proxy settings of the production site (docs/deployment.md), included as they are. */
export const proxySettingsFile = path.join(repoRoot, 'deploy/nginx/fund-service-proxy.conf');

/** The nginx binary (Debian's nginx-light puts it in /usr/sbin), or undefined when there is none. */
export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return which.status === 0 && found !== '' ? found : undefined;
}

async function waitFor(url: string, ready: () => boolean, describe: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!ready()) throw new Error(`exited before it answered ${url}:\n${describe()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 90 s:\n${describe()}`);
}

/** The secrets every instance must share (docs/deployment.md): one signing key, cookie keys. */
async function sharedSecrets(): Promise<Record<string, string>> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'scale-out-test' };
  return {
    OIDC_JWKS: JSON.stringify({ keys: [jwk] }),
    OIDC_COOKIE_KEYS: randomBytes(32).toString('base64url'),
  };
}

export interface InstancePair {
  /** The proxy's origin: PUBLIC_ORIGIN of both instances. */
  readonly origin: string;
  /** Each instance's own origin, for requests that must reach one of them. */
  readonly instances: readonly [string, string];
  /** Between both instances and PostgreSQL: cut it to take the database away from them. */
  readonly relay: CuttableRelay;
  log(): string;
  stop(): Promise<void>;
}

/**
 * Two server processes (`tsx apps/server/src/main.ts`: the sources `npm start` bundles) on one PostgreSQL
 * database, reached through a TCP relay, behind nginx with the repository's proxy settings: the
 * production deployment of docs/deployment.md on one machine.
 */
export async function startInstancePair(options: {
  readonly nginx: string;
  readonly databaseUrl: string;
  readonly env?: Readonly<Record<string, string>>;
}): Promise<InstancePair> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'fund-scale-out-'));
  const children: ChildProcess[] = [];
  const output: string[] = [];
  let webDist: WebDist | undefined;
  const target = new URL(options.databaseUrl);
  const relay = new CuttableRelay({ host: target.hostname, port: Number(target.port || 5432) });

  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    relay.server.close();
    webDist?.remove();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const relayed = new URL(options.databaseUrl);
    relayed.host = `127.0.0.1:${await relay.listen()}`;
    const [proxyPort, firstPort, secondPort] = [await freePort(), await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${proxyPort}`;
    webDist = createWebDist();
    const shared = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: relayed.toString(),
      PUBLIC_ORIGIN: origin,
      // nginx runs on this machine: its address is the one proxy whose X-Forwarded-* the servers believe
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST_DIR: webDist.dir,
      LOG_LEVEL: 'warn',
      MAINTENANCE_WINDOWS: 'off',
      SEED_DEMO_DATA: 'false',
      BATCH_SCHEDULER: 'off',
      ...(await sharedSecrets()),
      ...options.env,
    };
    const launch = (port: number, name: string) => {
      const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: { ...process.env, ...shared, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const append = (chunk: Buffer) => output.push(`[${name}] ${chunk.toString()}`);
      child.stdout?.on('data', append);
      child.stderr?.on('data', append);
      children.push(child);
      return child;
    };
    const instances = [`http://127.0.0.1:${firstPort}`, `http://127.0.0.1:${secondPort}`] as const;
    const servers = [launch(firstPort, 'instance 1'), launch(secondPort, 'instance 2')];
    await Promise.all(
      servers.map((child, index) =>
        waitFor(
          `${instances[index]}/healthz`,
          () => child.exitCode === null,
          () => output.join(''),
        ),
      ),
    );

    for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) {
      mkdirSync(path.join(workDir, folder));
    }
    const conf = path.join(workDir, 'nginx.conf');
    writeFileSync(
      conf,
      `daemon off;
worker_processes 1;
pid ${workDir}/nginx.pid;
error_log ${workDir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  upstream fund_service {
    server 127.0.0.1:${firstPort};
    server 127.0.0.1:${secondPort};
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://fund_service;
      include ${proxySettingsFile};
      # test only: which instance answered, so the test sees the requests alternate
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
    );
    const nginx = spawn(options.nginx, ['-p', workDir, '-e', `${workDir}/logs/error.log`, '-c', conf], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr?.on('data', (chunk: Buffer) => output.push(`[nginx] ${chunk.toString()}`));
    children.push(nginx);
    await waitFor(
      `${origin}/healthz`,
      () => nginx.exitCode === null,
      () => output.join(''),
    );
    return { origin, instances, relay, log: () => output.join(''), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
