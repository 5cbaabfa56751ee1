import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fundFeedFormat, InboundPath, OperatorConsolePath, OperatorIdentityPath } from '@fund/contracts';
import { addCalendarDays, isBusinessDay, isoDate, type IsoDate } from '@fund/domain';
import { createPostgresTestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config/config-settings.ts';
import { signedHeaders } from '../plugins/signed-inbound.ts';
import { HttpBrowser } from '../scale-out/test/http-browser.ts';
import { createWebDist, type WebDist } from '../test/test-app.ts';
import { freePort } from '../test/free-port.ts';
import { SmtpSink } from '../test/smtp-sink.ts';

// Issue 27 point 6: production from an empty database, as docs/deployment.md walks it — an empty
// PostgreSQL database, NODE_ENV=production, secrets from `npm run secrets`, an SMTP server, the first
// operator by `npm run operator`, funds and NAVs by `npm run feed:import`, a customer who signs up and whose
// account the account-opening site opens by its signed call, a deposit from the trading system, sign-in
// with the mailed code, a buy, the next NAVs, the batch (executed and settled), `verify-ledger`, and the
// operator finding the customer in the console. Every step is a command or an HTTP call; the processes
// share one simulated business day (operations/test/shifted-clock.mjs), since production takes its dates
// from the calendar. Runs in the PostgreSQL suite (DATABASE_URL).
const serverUrl = process.env.DATABASE_URL ?? '';
const skip = !serverUrl.startsWith('postgres');
if (skip) console.info('production smoke test: skipped, DATABASE_URL does not name a PostgreSQL server');

const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const shiftedClock = path.join(repoRoot, 'apps/server/src/operations/test/shifted-clock.mjs');
/** Tuesday 1 December 2026, 10:00 in Japan: a business day, before the 15:00 cut-off. */
const orderDay = '2026-12-01T10:00:00+09:00';
/** Friday 4 December, 19:00: the buy's 受渡日 (約定日 + 3 business days), after the day's NAVs. */
const settlementEvening = '2026-12-04T19:00:00+09:00';
const fundCode = '9I31120A';
const customerEmail = 'first.customer@example.jp';
const customerPassword = 'Smoke-Test-Pass-2026';

/** Business days from `from` to `to`, inclusive. */
function businessDays(from: string, to: string): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = isoDate(from); day <= to; day = addCalendarDays(day, 1))
    if (isBusinessDay(day)) days.push(day);
  return days;
}

function navs(days: readonly string[], nav: number) {
  return days.map((date) => ({ fundCode, date, nav: String(nav) }));
}

describe.skipIf(skip)(
  'production from an empty database (the deployment walk-through)',
  { timeout: 120_000 },
  () => {
    let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let smtp: SmtpSink;
    let webDist: WebDist;
    let workDir: string;
    let env: Record<string, string>;
    let origin: string;
    let server: ChildProcess | undefined;
    const serverOutput: string[] = [];
    /** When the server started (real time): its clock read `orderDay` then. */
    let serverStartedAt = 0;

    /** A command of the README, run as an operator would, at the simulated time `at`. */
    function command(args: readonly string[], at: string): Promise<{ code: number | null; output: string }> {
      return new Promise((resolve, reject) => {
        const child = spawn(tsx, args, {
          cwd: repoRoot,
          env: { ...process.env, ...env, SHIFTED_CLOCK_START: at, NODE_OPTIONS: `--import=${shiftedClock}` },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => resolve({ code, output }));
      });
    }

    async function json(
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>,
      };
    }

    function signed(url: string, event: object) {
      const body = JSON.stringify(event);
      // signed at the server's (simulated) time: its clock checks the timestamp
      const serverNow = new Date(Date.now() + (Date.parse(orderDay) - serverStartedAt));
      return json('POST', url, body, signedHeaders(env['PARTNER_INBOUND_KEYS']!, body, serverNow));
    }

    /** The mailed six-digit code of the latest mail to `address` after `since` mails. */
    async function mailedCode(address: string, since: number): Promise<string> {
      const mail = await smtp.mailTo(address, since);
      const code = /(\d{6})/.exec(mail.text)?.[1];
      if (code === undefined) throw new Error(`no code in the mail to ${address}: ${mail.text}`);
      return code;
    }

    /** Code flow with PKCE through the real pages; `signIn` posts the credentials and any later step. */
    async function tokens(
      issuer: string,
      client: { id: string; redirectUri: string; scope: string },
      signIn: (browser: HttpBrowser, interaction: string) => Promise<Response>,
    ): Promise<string> {
      const browser = new HttpBrowser(origin);
      const verifier = randomBytes(48).toString('base64url');
      const query = new URLSearchParams({
        client_id: client.id,
        response_type: 'code',
        redirect_uri: client.redirectUri,
        scope: client.scope,
        state: randomBytes(16).toString('base64url'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        prompt: 'login',
      });
      const start = await browser.request('GET', `${issuer}/auth?${query.toString()}`);
      const interaction = /\/auth\/v1\/(?:operator\/)?interaction\/[A-Za-z0-9_-]+/.exec(
        start.headers.get('location') ?? '',
      )?.[0];
      if (interaction === undefined) throw new Error(`no interaction: ${start.status} ${await start.text()}`);
      let current = await signIn(browser, interaction);
      for (let hops = 0; hops < 10; hops += 1) {
        const location = current.headers.get('location');
        if (current.status !== 303 && current.status !== 302)
          throw new Error(`sign-in stopped at ${current.status}: ${(await current.text()).slice(0, 500)}`);
        const next = new URL(location!, origin);
        const code = next.searchParams.get('code');
        if (code !== null && next.href.startsWith(client.redirectUri)) {
          const exchanged = await fetch(`${origin}${issuer}/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'authorization_code',
              code,
              redirect_uri: client.redirectUri,
              code_verifier: verifier,
              client_id: client.id,
            }).toString(),
          });
          const answer = (await exchanged.json()) as { access_token?: string };
          if (answer.access_token === undefined) throw new Error(`no token: ${JSON.stringify(answer)}`);
          return answer.access_token;
        }
        current = await browser.request('GET', next.toString());
      }
      throw new Error('too many redirects');
    }

    beforeAll(async () => {
      created = await createPostgresTestDatabase(serverUrl);
      smtp = await SmtpSink.start();
      webDist = createWebDist();
      workDir = mkdtempSync(path.join(tmpdir(), 'fund-smoke-'));
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      env = {
        NODE_ENV: 'production',
        DATABASE_URL: created.url,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_ORIGIN: origin,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'noreply@fund.example.jp',
        CARD_ISSUER_API_URL: 'http://127.0.0.1:9/card-issuer',
        PARTNER_TRADE_REPORTS_URL: 'https://reports.example.jp/fund',
        WEB_DIST_DIR: webDist.dir,
        LOG_LEVEL: 'warn',
        MAINTENANCE_WINDOWS: 'off',
        BATCH_SCHEDULER: 'off',
      };
      // the secrets production refuses to start without, made by the command the README names
      const secrets = await command(['apps/server/src/operations/secrets-cli.ts', 'generate'], orderDay);
      expect(secrets.code, secrets.output).toBe(0);
      for (const [, name, value] of secrets.output.matchAll(/^([A-Z_]+)='([^']*)'$/gm)) env[name!] = value!;
      expect(Object.keys(env)).toEqual(
        expect.arrayContaining(['OIDC_JWKS', 'PARTNER_INBOUND_KEYS', 'FUND_FEED_KEYS']),
      );
    }, 120_000);

    afterAll(async () => {
      if (server !== undefined && server.exitCode === null) {
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await smtp?.stop();
      webDist?.remove();
      if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true });
      await created?.drop();
    });

    it('walks from an empty database to a settled buy found by the operator', async () => {
      // 1. the first operator, on the empty database (the command migrates it)
      const operator = await command(
        [
          'apps/server/src/modules/identity/operator/operator-cli.ts',
          'create',
          'ops01',
          '--name',
          '運用 一郎',
          '--branch',
          '001',
        ],
        orderDay,
      );
      expect(operator.code, operator.output).toBe(0);
      const temporaryPassword = /Temporary password[^:]*: (\S+)/.exec(operator.output)?.[1];
      expect(temporaryPassword, operator.output).toBeDefined();

      // 2. the fund master and its NAVs up to the day before the order day
      const feedFile = path.join(workDir, 'feed.json');
      writeFileSync(
        feedFile,
        JSON.stringify({
          format: fundFeedFormat,
          funds: [
            {
              code: fundCode,
              name: 'スモークテスト日本株式インデックス',
              shortName: 'スモーク日本株式',
              managementCompany: 'テスト投信株式会社',
              inceptionDate: '2026-11-02',
              priceLagDays: 0,
              buySettlementLagDays: 3,
              sellSettlementLagDays: 3,
              cutOffTime: '15:00',
              retentionFeeBasisPoints: 0,
              nisa: { tsumitate: true, growth: true },
              riskLevel: 4,
              assetClass: 'EQUITY',
              foreign: false,
              salesStatus: 'ON_SALE',
              prospectuses: [
                {
                  version: 1,
                  effectiveOn: '2026-11-02',
                  documentUrl: 'https://funds.example.jp/smoke/v1.pdf',
                },
              ],
            },
          ],
          navs: navs(businessDays('2026-11-02', '2026-11-30'), 10_000),
        }),
      );
      const feed = await command(['apps/server/src/modules/fund-feed/fund-feed-cli.ts', feedFile], orderDay);
      expect(feed.code, feed.output).toBe(0);
      expect(feed.output).toContain('funds 1 new');

      // 3. the server, in production
      serverStartedAt = Date.now();
      server = spawn(tsx, ['apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env,
          SHIFTED_CLOCK_START: orderDay,
          NODE_OPTIONS: `--import=${shiftedClock}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()));
      for (let waited = 0; ; waited += 200) {
        if (server.exitCode !== null) throw new Error(`the server stopped:\n${serverOutput.join('')}`);
        if (waited > 90_000) throw new Error(`the server did not answer:\n${serverOutput.join('')}`);
        if ((await fetch(`${origin}/healthz`).catch(() => undefined))?.ok === true) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      // 4. a customer signs up (mailed code), the account-opening site opens the account, a deposit arrives
      let mails = smtp.mails.length;
      const registered = await json('POST', '/auth/v1/register', {
        email: customerEmail,
        password: customerPassword,
        lastName: '初日',
        firstName: '花子',
        lastNameKana: 'ショニチ',
        firstNameKana: 'ハナコ',
        birthDate: '1988-08-08',
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(202);
      const confirmed = await json('POST', '/auth/v1/register/confirm', {
        registrationId: registered.body['registrationId'],
        code: await mailedCode(customerEmail, mails),
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
      const accountNumber = String(confirmed.body['accountNumber']);
      const opened = await signed(InboundPath.accountEvents, {
        type: 'account.opened',
        eventId: `ao-${randomUUID()}`,
        occurredAt: orderDay,
        accountNumber,
        branchCode: '001',
        accountRole: 'ADULT',
        accounts: [{ type: 'specific', openedOn: '2026-12-01' }],
        confirmedOn: '2026-12-01',
      });
      expect(opened, JSON.stringify(opened.body)).toMatchObject({ status: 200, body: { status: 'applied' } });
      const deposited = await signed(InboundPath.deposits, {
        type: 'deposit.received',
        eventId: `dep-${randomUUID()}`,
        occurredAt: orderDay,
        accountNumber,
        amount: '100000',
        receivedOn: '2026-12-01',
      });
      expect(deposited.status, JSON.stringify(deposited.body)).toBe(200);

      // 5. sign-in with the password and the mailed code, then the prospectus and a buy
      mails = smtp.mails.length;
      const customerToken = await tokens(
        '/oidc',
        {
          id: 'fund-web',
          redirectUri: `${origin}/`,
          scope: 'openid offline user.write user.session.revoke.self',
        },
        async (browser, interaction) => {
          const posted = await browser.request('POST', `${interaction}/login`, {
            account_number: accountNumber,
            password: customerPassword,
          });
          expect(posted.status).toBe(200); // the second step: a code was mailed
          return browser.request('POST', `${interaction}/second-factor/email`, {
            code: await mailedCode(customerEmail, mails),
          });
        },
      );
      const bearer = { authorization: `Bearer ${customerToken}` };
      const prospectus = await json(
        'POST',
        `/v1/funds/${fundCode}/prospectusConfirmations`,
        {},
        {
          ...bearer,
          'idempotency-key': randomUUID(),
        },
      );
      expect(prospectus.status, JSON.stringify(prospectus.body)).toBeLessThan(300);
      const bought = await json(
        'POST',
        '/v1/orders/buy',
        { fundCode, accountType: 'specific', orderType: 'AMOUNT', amount: 10_000 },
        { ...bearer, 'idempotency-key': randomUUID() },
      );
      expect(bought.status, JSON.stringify(bought.body)).toBeLessThan(300);
      expect(bought.body['order']).toMatchObject({ tradeDate: '2026-12-01', settlementDate: '2026-12-04' });

      // 6. the NAVs of the order day to the 受渡日, and the batch of those days on the evening of the last
      const nextNavs = path.join(workDir, 'navs.json');
      writeFileSync(
        nextNavs,
        JSON.stringify({
          format: fundFeedFormat,
          navs: navs(businessDays('2026-12-01', '2026-12-04'), 12_500),
        }),
      );
      const imported = await command(
        ['apps/server/src/modules/fund-feed/fund-feed-cli.ts', nextNavs],
        settlementEvening,
      );
      expect(imported.code, imported.output).toBe(0);
      const batch = await command(
        ['apps/server/src/jobs/batch-cli.ts', '--date', '2026-12-01', '--until', '2026-12-04'],
        settlementEvening,
      );
      expect(batch.code, batch.output).toBe(0);
      expect(batch.output).toContain('Ledger: consistent.');
      const ledger = await command(['packages/db/src/cli/verify-ledger.ts'], settlementEvening);
      expect(ledger.code, ledger.output).toBe(0);

      // the customer sees the buy settled: ⌊10,000 × 10,000 ÷ 12,500⌋ = 8,000 units, 90,000 yen left
      const order = await json(
        'GET',
        `/v1/orders/${String((bought.body['order'] as { id: string }).id)}`,
        undefined,
        bearer,
      );
      expect(order.body['order']).toMatchObject({
        status: 'COMPLETED',
        executedUnits: '8000',
        executedAmount: '10000',
      });

      // 7. the operator signs in (choosing a password for the temporary one) and finds the customer
      const operatorToken = await tokens(
        OperatorIdentityPath.oidc,
        { id: 'fund-admin', redirectUri: `${origin}/admin/`, scope: 'openid offline admin' },
        async (browser, interaction) => {
          const posted = await browser.request('POST', `${interaction}/login`, {
            login_id: 'ops01',
            password: temporaryPassword!,
          });
          const page = await posted.clone().text();
          return posted.status === 200 && page.includes('new_password')
            ? browser.request('POST', `${interaction}/new-password`, {
                new_password: 'Chosen-Operator-Pass-2026',
              })
            : posted;
        },
      );
      const found = await json(
        'GET',
        `${OperatorConsolePath.customers}?accountNumber=${accountNumber}`,
        undefined,
        { authorization: `Bearer ${operatorToken}` },
      );
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(JSON.stringify(found.body)).toContain(accountNumber);
    });
  },
);
