import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, proxySettingsFile } from './test/instance-pair.ts';

// The production site of docs/deployment.md as shipped: nginx must accept it (`nginx -t`),
// with a throw-away certificate in place of the real one.
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

describe.skipIf(skipReason !== undefined)('deploy/nginx/fund-service.conf', () => {
  let workDir: string;

  beforeAll(() => {
    workDir = mkdtempSync(path.join(tmpdir(), 'fund-nginx-site-'));
    for (const folder of ['logs', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
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

  it('is accepted by nginx -t, with the proxy settings it includes', () => {
    const site = readFileSync(siteFile, 'utf8')
      .replace('/etc/ssl/fund.example.jp/fullchain.pem', path.join(workDir, 'cert.pem'))
      .replace('/etc/ssl/fund.example.jp/privkey.pem', path.join(workDir, 'key.pem'))
      .replaceAll('/etc/nginx/fund-service-proxy.conf', proxySettingsFile);
    writeFileSync(path.join(workDir, 'site.conf'), site);
    const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `${kind === 'body' ? 'client_body' : kind}_temp_path ${workDir}/${kind};`)
      .join(' ');
    writeFileSync(
      path.join(workDir, 'nginx.conf'),
      `pid ${workDir}/nginx.pid;\nerror_log ${workDir}/logs/error.log;\nevents {}\n` +
        `http { ${temp} access_log off; include ${workDir}/site.conf; }\n`,
    );
    const checked = spawnSync(
      nginx!,
      ['-t', '-p', workDir, '-e', `${workDir}/logs/error.log`, '-c', `${workDir}/nginx.conf`],
      {
        encoding: 'utf8',
      },
    );
    expect(checked.stderr).toContain('test is successful');
    expect(checked.status).toBe(0);
  });
});
