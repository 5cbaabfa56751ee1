import {
  credit,
  customers,
  debit,
  demoCustomerPassword,
  funds,
  holdings,
  migrateDatabase,
  openDatabase,
  orders,
  postJournalEntry,
  seedDemoData,
  trades,
  type DatabaseHandle,
} from '@fund/db';
import { createPostgresTestDatabase } from '@fund/db/testing';
import { isoDate } from '@fund/domain';
import { and, eq } from 'drizzle-orm';
import * as oidcClient from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpBrowser } from './test/http-browser.ts';
import { findNginx, startInstancePair, type InstancePair } from './test/instance-pair.ts';

// Issue 20 point 8, decision 027: the production deployment of docs/deployment.md on one machine. Runs with
// `npm test` when DATABASE_URL names a PostgreSQL server and nginx is installed (.ci/run installs it).
const serverUrl = process.env.DATABASE_URL ?? '';
const nginx = findNginx();
const skipReason = !serverUrl.startsWith('postgres')
  ? 'DATABASE_URL does not name a PostgreSQL server'
  : nginx === undefined
    ? 'no nginx binary (apt-get install nginx-light)'
    : undefined;
if (skipReason !== undefined) console.info(`two instances behind nginx: skipped, ${skipReason}`);

const scope = 'openid offline user.write user.session.revoke.self';
const buyBody = { fundCode: 'DEMOF003', accountType: 'specific', orderType: 'AMOUNT', amount: 10_000 };

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

describe.skipIf(skipReason !== undefined)(
  `two server processes on one PostgreSQL database behind nginx${skipReason === undefined ? '' : ` (skipped: ${skipReason})`}`,
  { timeout: 60_000 },
  () => {
    let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let direct: DatabaseHandle;
    let pair: InstancePair;
    let oidc: oidcClient.Configuration;

    beforeAll(async () => {
      created = await createPostgresTestDatabase(serverUrl);
      direct = await openDatabase({ url: created.url, poolSize: 2 });
      await migrateDatabase(direct);
      await seedDemoData(direct);
      pair = await startInstancePair({
        nginx: nginx!,
        databaseUrl: created.url,
        env: {
          SIGN_IN_RATE_LIMIT_PER_ACCOUNT: '3',
          SIGN_IN_RATE_LIMIT_PER_IP: '1000',
          SIGN_IN_LOCK_THRESHOLD: '100',
        },
      });
      oidc = await oidcClient.discovery(
        new URL(`${pair.origin}/oidc`),
        'fund-web',
        undefined,
        oidcClient.None(),
        { execute: [oidcClient.allowInsecureRequests] },
      );
    }, 180_000);

    afterAll(async () => {
      await pair?.stop();
      await direct?.close();
      await created?.drop();
    });

    /** The code flow with PKCE through the proxy (or on one instance: `via`), redeemed by openid-client. */
    async function signIn(accountNumber: string, via?: string) {
      const verifier = oidcClient.randomPKCECodeVerifier();
      const state = oidcClient.randomState();
      const url = oidcClient.buildAuthorizationUrl(oidc, {
        redirect_uri: `${pair.origin}/`,
        scope,
        code_challenge: await oidcClient.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        prompt: 'login',
      });
      const callback = await new HttpBrowser(pair.origin, via).signIn(url.toString(), {
        accountNumber,
        password: demoCustomerPassword,
      });
      return oidcClient.authorizationCodeGrant(oidc, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
    }

    async function call(
      base: string,
      token: string,
      method: 'GET' | 'POST',
      url: string,
      body?: unknown,
      key: string = crypto.randomUUID(),
    ): Promise<Answer> {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'POST' ? { 'idempotency-key': key } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
        headers: response.headers,
      };
    }

    async function customerId(accountNumber: string): Promise<string> {
      const [row] = await direct.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.accountNumber, accountNumber));
      return row!.id;
    }

    async function orderCount(accountNumber: string): Promise<number> {
      const rows = await direct.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.customerId, await customerId(accountNumber)));
      return rows.length;
    }

    async function deposit(accountNumber: string, amount: bigint): Promise<void> {
      const id = await customerId(accountNumber);
      await direct.db.transaction(async (tx) => {
        await postJournalEntry(tx, {
          kind: 'deposit',
          businessDate: isoDate('2025-01-06'),
          customerId: id,
          lines: [debit('bank_clearing', amount), credit('customer_cash', amount, id)],
        });
      });
    }

    /** A customer who can buy DEMOF003: cash deposited, prospectus confirmed. */
    async function buyer(accountNumber: string): Promise<string> {
      await deposit(accountNumber, 10_000_000n);
      const tokens = await signIn(accountNumber);
      const confirmed = await call(
        pair.origin,
        tokens.access_token,
        'POST',
        '/v1/funds/DEMOF003/prospectusConfirmations',
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBeLessThan(300);
      return tokens.access_token;
    }

    it('a standard OpenID client (openid-client) through the proxy: discovery, code + PKCE, refresh, userinfo, introspection, revocation', async () => {
      expect(oidc.serverMetadata().issuer).toBe(`${pair.origin}/oidc`);
      const tokens = await signIn('1000002');
      const claims = tokens.claims();
      expect(claims?.iss).toBe(`${pair.origin}/oidc`);
      expect(claims?.aud).toBe('fund-web');
      expect(tokens.refresh_token).toBeDefined();

      const refreshed = await oidcClient.refreshTokenGrant(oidc, tokens.refresh_token!);
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      const userInfo = await oidcClient.fetchUserInfo(oidc, refreshed.access_token, claims!.sub);
      expect(userInfo.sub).toBe(claims!.sub);

      const live = await oidcClient.tokenIntrospection(oidc, refreshed.access_token);
      expect(live).toMatchObject({ active: true, sub: claims!.sub, client_id: 'fund-web' });
      await oidcClient.tokenRevocation(oidc, refreshed.refresh_token!);
      expect(await oidcClient.tokenIntrospection(oidc, refreshed.refresh_token!)).toMatchObject({
        active: false,
      });
      await expect(oidcClient.refreshTokenGrant(oidc, refreshed.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    });

    it('signs in through the proxy and places an order while requests alternate between the instances', async () => {
      const before = await orderCount('1000001');
      const token = await buyer('1000001');
      const answers: Answer[] = [];
      for (let index = 0; index < 4; index += 1) {
        answers.push(await call(pair.origin, token, 'GET', '/v1/assets'));
      }
      const placed = await call(pair.origin, token, 'POST', '/v1/orders/buy', buyBody);
      answers.push(placed, await call(pair.origin, token, 'GET', '/v1/assets'));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 201, 200]);
      // nginx's round robin sent the calls to both instances, each verifying the other's token
      const upstreams = new Set(answers.map((answer) => answer.headers.get('x-upstream')));
      expect([...upstreams].sort()).toEqual(pair.instances.map((origin) => new URL(origin).host).sort());
      expect(await orderCount('1000001')).toBe(before + 1);
    });

    it('the same Idempotency-Key sent to both instances gives one order', async () => {
      const token = await buyer('1000001');
      const before = await orderCount('1000001');
      const [first, second] = pair.instances;
      const onFirst = await call(first, token, 'POST', '/v1/orders/buy', buyBody, 'both-instances-1');
      const onSecond = await call(second, token, 'POST', '/v1/orders/buy', buyBody, 'both-instances-1');
      expect(onFirst.status).toBe(201);
      expect(onSecond.status).toBe(201);
      expect(onSecond.body).toEqual(onFirst.body);

      const together = await Promise.all(
        [first, second].map((base) => call(base, token, 'POST', '/v1/orders/buy', buyBody, 'both-at-once-2')),
      );
      // one of them places it; the other replays it, or is told the same key is still in flight (409)
      expect(together.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
      for (const answer of together) expect([201, 409]).toContain(answer.status);
      expect(await orderCount('1000001')).toBe(before + 2);
    });

    it('concurrent sells across both instances never oversell: 100 units held, 20 sells of 10 → 10 accepted', async () => {
      const seller = '1000009';
      const id = await customerId(seller);
      const [fund] = await direct.db.select({ id: funds.id }).from(funds).where(eq(funds.code, 'DEMOF004'));
      await direct.db.transaction(async (tx) => {
        await tx.insert(holdings).values({
          customerId: id,
          accountType: 'specific',
          fundId: fund!.id,
          units: 100n,
          bookValue: 100n,
          costBasisPer10k: 10_000n,
        });
        await tx.insert(trades).values({
          customerId: id,
          accountType: 'specific',
          fundId: fund!.id,
          type: 'FUND',
          side: 'BUY',
          units: 100n,
          pricePer10k: 10_000n,
          amount: 100n,
          tradeDate: '2025-01-06',
          settlementDate: '2025-01-09',
        });
      });
      const token = (await signIn(seller)).access_token;
      const sell = { fundCode: 'DEMOF004', accountType: 'specific', orderType: 'QUANTITY', units: 10 };
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call(pair.instances[index % 2]!, token, 'POST', '/v1/orders/sell', sell),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
        expect(answer.body).toMatchObject({ code: '400-206' });
      }
      const [held] = await direct.db
        .select({ units: holdings.units, reservedUnits: holdings.reservedUnits })
        .from(holdings)
        .where(and(eq(holdings.customerId, id), eq(holdings.fundId, fund!.id)));
      expect(held).toEqual({ units: 100n, reservedUnits: 100n });
    });

    it('attempt limits hold across both: 3 wrong passwords per account in all, whichever instance is asked', async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const browser = new HttpBrowser(pair.origin, pair.instances[index % 2]);
        const answer = await browser.attempt(
          oidcClient
            .buildAuthorizationUrl(oidc, {
              redirect_uri: `${pair.origin}/`,
              scope,
              code_challenge: await oidcClient.calculatePKCECodeChallenge(
                oidcClient.randomPKCECodeVerifier(),
              ),
              code_challenge_method: 'S256',
              state: oidcClient.randomState(),
            })
            .toString(),
          { accountNumber: '1000004', password: 'wrong-password' },
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });

    it('the database cut off mid-traffic: 503 with Retry-After, then recovery, nothing acknowledged lost', async () => {
      const token = await buyer('1000001');
      const before = await orderCount('1000001');
      const buy = (key: string) => call(pair.origin, token, 'POST', '/v1/orders/buy', buyBody, key);
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      // orders keep coming through the proxy, alternating between the instances, while the database goes
      const answered = new Map<string, number>();
      let running = true;
      const traffic = (async () => {
        for (let index = 0; running; index += 1) {
          const key = `outage-${index}`;
          answered.set(key, (await buy(key)).status);
        }
      })();
      await pause(300);
      pair.relay.cut();
      const during = await Promise.all([buy('outage-during-a'), buy('outage-during-b')]);
      for (const answer of during) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(answer.body).toMatchObject({ code: '503-001' });
        expect(JSON.stringify(answer.body)).not.toMatch(/ECONN|127\.0\.0\.1|terminated|select/i);
      }
      await pause(500);
      pair.relay.restore();
      // both instances recover by themselves, without a restart
      for (const instance of pair.instances) {
        await expect
          .poll(async () => (await call(instance, token, 'GET', '/v1/assets')).status, {
            timeout: 15_000,
            interval: 250,
          })
          .toBe(200);
      }
      await pause(300);
      running = false;
      await traffic;

      const statuses = [...answered.values()];
      expect(new Set(statuses)).toEqual(new Set([201, 503]));
      expect(statuses.at(-1)).toBe(201);
      const acknowledged = [...answered].filter(([, status]) => status === 201).length;
      // every order acknowledged is there (a 503 may still have committed: its retry replays it)
      expect(await orderCount('1000001')).toBeGreaterThanOrEqual(before + acknowledged);
      const retried = [...answered.keys(), 'outage-during-a', 'outage-during-b'];
      for (const key of retried) expect((await buy(key)).status).toBe(201);
      expect(await orderCount('1000001')).toBe(before + retried.length);
    });
  },
);
