import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, proxySettingsFile } from './test/instance-pair.ts';

// The production proxy of docs/deployment.md as shipped: nginx must accept the main configuration with the
// site it includes (`nginx -t`), with a throw-away certificate in place of the real one.
const nginx = findNginx();
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
const skipReason =
  nginx === undefined
    ? 'no nginx binary (apt-get install nginx-light)'
    : hasOpenssl
      ? undefined
      : 'no openssl binary for the throw-away certificate';
if (skipReason !== undefined) console.info(`nginx site configuration: skipped, ${skipReason}`);
const siteFile = path.join(path.dirname(proxySettingsFile), 'fund-service.conf');
const mainFile = path.join(path.dirname(proxySettingsFile), 'nginx.conf');

describe.skipIf(skipReason !== undefined)('deploy/nginx: nginx.conf with fund-service.conf', () => {
  let workDir: string;

  beforeAll(() => {
    workDir = mkdtempSync(path.join(tmpdir(), 'fund-nginx-site-'));
    for (const folder of ['logs', 'conf.d', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(path.join(workDir, folder));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=fund.example.jp',
        '-keyout',
        path.join(workDir, 'key.pem'),
        '-out',
        path.join(workDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  });

  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it('is accepted by nginx -t: the main configuration, the site it includes and the proxy settings', () => {
    const site = readFileSync(siteFile, 'utf8')
      .replace('/etc/ssl/fund.example.jp/fullchain.pem', path.join(workDir, 'cert.pem'))
      .replace('/etc/ssl/fund.example.jp/privkey.pem', path.join(workDir, 'key.pem'))
      .replaceAll('/etc/nginx/fund-service-proxy.conf', proxySettingsFile);
    writeFileSync(path.join(workDir, 'conf.d', 'fund-service.conf'), site);
    // The shipped main file with this directory in place of /etc/nginx and /var/log/nginx, run unprivileged.
    const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind === 'body' ? 'client_body' : kind}_temp_path ${workDir}/${kind};`)
      .join(' ');
    const main = readFileSync(mainFile, 'utf8')
      .replace(/^user .*$/m, '')
      .replace(/^include \/etc\/nginx\/modules-enabled.*$/m, '')
      .replace('/run/nginx.pid', `${workDir}/nginx.pid`)
      .replaceAll('/var/log/nginx/', `${workDir}/logs/`)
      .replace('/etc/nginx/conf.d/', `${workDir}/conf.d/`)
      .replace('http {', `http {\n    ${temp}`);
    expect(main).toContain(`include ${workDir}/conf.d/*.conf;`);
    writeFileSync(path.join(workDir, 'nginx.conf'), main);
    const checked = spawnSync(
      nginx!,
      ['-t', '-p', workDir, '-e', `${workDir}/logs/error.log`, '-c', `${workDir}/nginx.conf`],
      { encoding: 'utf8' },
    );
    expect(checked.stderr).toContain('test is successful');
    expect(checked.status).toBe(0);
  });
});
