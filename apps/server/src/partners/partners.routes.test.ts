import { auditLog, customers, deliveredDocuments, demoCustomers, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate, jstInstant } from '@fund/domain';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Clock } from '../plugins/clock.plugin.ts';
import {
  closedCustomerDocuments,
  demoHistoryDocuments,
  issueDemoPeriodicDocuments,
} from '../demo/demo-documents.ts';
import { buildTestApp } from '../test/test-app.ts';
import { PartnerLinks, safeCallbackPath, tradeReportTicketTtlSeconds } from './partner-links.ts';

const startup = 60_000;
const hashKey = 'partner-hash-key-for-the-partner-tests-0123456789';
const origin = 'http://localhost:3000';

/** 08:00 on 22 November in Japan is still 21 November in UTC: the confirmation date must be JST. */
const start = jstInstant(2026, 11, 22, 8, 0);
const clock: Clock & { instant: Date } = {
  instant: start,
  now() {
    return new Date(this.instant);
  },
};
const links = new PartnerLinks({ hashKey, tradeReportsUrl: undefined }, origin);

let database: TestDatabase;
let app: App;

function customer(accountNumber: string) {
  return demoCustomers.find((candidate) => candidate.accountNumber === accountNumber)!;
}

async function page(url: string) {
  return app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
}

async function post(form: Record<string, string>, headers: Record<string, string> = { origin }) {
  return app.inject({
    method: 'POST',
    url: '/partners/account-update',
    headers: {
      host: 'localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
}

function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (match?.[1] === undefined) throw new Error(`no ${name} field in ${html}`);
  return match[1].replaceAll('&amp;', '&');
}

async function lastConfirmedOn(accountNumber: string) {
  const [row] = await database.db
    .select({ on: customers.lastConfirmedOn })
    .from(customers)
    .where(eq(customers.id, customer(accountNumber).id));
  return row?.on;
}

function expectSafeHtml(html: string) {
  expect(html).toContain('デモ用シミュレーター');
  expect(html).not.toMatch(/<script|style=|\son[a-z]+=/i);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  // the periodic reports the demo issues (the trade reports come with settlements: none without a history)
  await database.db.transaction((tx) =>
    issueDemoPeriodicDocuments(tx, isoDate('2026-11-22'), [
      ...demoHistoryDocuments,
      ...closedCustomerDocuments,
    ]),
  );
  app = await buildTestApp({
    database: { ...database, close: async () => {} },
    // one pinned instant for the business date and the signed links' lifetimes
    clock,
    realClock: clock,
    env: { PARTNER_HASH_KEY: hashKey },
  });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('account-opening simulator /partners/account-opening', { timeout: startup }, () => {
  it('shows every hand-off parameter escaped, only the start of the access token, and a link back', async () => {
    const query = new URLSearchParams({
      temporaryUserId: 'tmp-123',
      redirectToSignUp: 'true',
      redirectToUsernameSignin: 'false',
      username: '<script>alert(1)</script>',
      hashed_user_id: links.hashedUserId(customer('1000007').id),
      agencyBranchCode: '001',
      accessToken: 'eyJhbGciOiJFUzI1NiJ9.secret-part-of-the-token',
      userName: '岡本 翔',
    });
    const response = await page(`/partners/account-opening?${query.toString()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expectSafeHtml(html);
    expect(html).toContain('口座開設サイト');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('tmp-123');
    expect(html).toContain(links.hashedUserId(customer('1000007').id));
    expect(html).toContain('岡本 翔');
    expect(html).toContain('eyJhbGci…');
    expect(html).not.toContain('secret-part-of-the-token');
    expect(html).toContain('href="/"');
  });

  it('offers the way back to sign-up and to sign-in with a 口座番号 only on the app origin', async () => {
    const ours = new URLSearchParams({
      redirectToSignUp: `${origin}/auth/v1/signup`,
      redirectToUsernameSignin: `${origin}/redirect/openAccount`,
    });
    const html = (await page(`/partners/account-opening?${ours.toString()}`)).body;
    expectSafeHtml(html);
    expect(html).toContain('href="/auth/v1/signup"');
    expect(html).toContain('<form method="get" action="/redirect/openAccount">');
    expect(html).toContain('name="username"');

    const foreign = new URLSearchParams({
      redirectToSignUp: 'https://evil.example/signup',
      redirectToUsernameSignin: '//evil.example/redirect/openAccount',
    });
    const refused = (await page(`/partners/account-opening?${foreign.toString()}`)).body;
    expect(refused).not.toContain('evil.example"');
    expect(refused).not.toContain('<form');
    expect(refused).not.toContain('パスワードを登録する');
  });

  it('serves its stylesheet (no inline styles under the CSP)', async () => {
    const response = await page('/partners/partners.css');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/css');
    expect(response.body).toContain('.demo-banner');
  });

  it('completes the opening of a signed-up customer through the app’s inbound interface, once', async () => {
    const hashedUserId = links.hashedUserId(customer('1000007').id);
    const shown = await page(`/partners/account-opening?hashed_user_id=${hashedUserId}`);
    expect(shown.body).toContain('口座開設を完了する');
    const token = hiddenValue(shown.body, 'token');
    const opening = (headers: Record<string, string> = { origin }) =>
      app.inject({
        method: 'POST',
        url: '/partners/account-opening',
        headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ token }).toString(),
      });
    expect((await opening({ origin: 'https://evil.example' })).statusCode).toBe(403);
    const done = await opening();
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/');
    const [opened] = await database.db
      .select({ equityStatus: customers.equityStatus })
      .from(customers)
      .where(eq(customers.accountNumber, '1000007'));
    expect(opened?.equityStatus).toBe('OPEN');
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'inbound.account.opened'),
          eq(auditLog.subjectCustomerId, customer('1000007').id),
        ),
      );
    expect(entry).toMatchObject({ actorId: 'partner:account-opening', outcome: 'allowed' });
    // open now: the page offers no second opening
    expect((await page(`/partners/account-opening?hashed_user_id=${hashedUserId}`)).body).not.toContain(
      '口座開設を完了する',
    );
  });
});

describe('account-update simulator /partners/account-update', { timeout: startup }, () => {
  const hashed = () => links.hashedUserId(customer('1000008').id);

  it('shows what arrived and records the re-confirmation as today in JST, then returns to the callback', async () => {
    expect(await lastConfirmedOn('1000008')).toBe('2024-04-01');
    const query = new URLSearchParams({
      lastConfirmed: 'true',
      callbackUrl: '/mypage?from=update',
      hashed_user_id: hashed(),
    });
    const shown = await page(`/partners/account-update?${query.toString()}`);
    expect(shown.statusCode).toBe(200);
    expectSafeHtml(shown.body);
    expect(shown.body).toContain('お客さま情報変更サイト');
    expect(shown.body).toContain('/mypage?from=update');
    expect(shown.body).toContain('2024-04-01');
    const token = hiddenValue(shown.body, 'token');
    const callbackUrl = hiddenValue(shown.body, 'callbackUrl');
    expect(callbackUrl).toBe('/mypage?from=update');

    const recorded = await post({ token, callbackUrl });
    expect(recorded.statusCode).toBe(303);
    expect(recorded.headers.location).toBe('/mypage?from=update');
    expect(await lastConfirmedOn('1000008')).toBe('2026-11-22');
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'inbound.account.updated'));
    // recorded through the app's inbound interface, as the real site's call would be
    expect(entry).toMatchObject({
      actorType: 'system',
      actorId: 'partner:account-opening',
      subjectCustomerId: customer('1000008').id,
      outcome: 'allowed',
      details: expect.objectContaining({ confirmedOn: '2026-11-22' }),
    });
  });

  it.each([
    ['//evil.example/steal', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/?noConfirmed=false', '/?noConfirmed=false'],
  ])('sends the customer back only to a same-origin path: %s → %s', async (callbackUrl, expected) => {
    expect(safeCallbackPath(callbackUrl)).toBe(expected);
    const query = new URLSearchParams({ callbackUrl, hashed_user_id: hashed() });
    const shown = await page(`/partners/account-update?${query.toString()}`);
    const recorded = await post({
      token: hiddenValue(shown.body, 'token'),
      callbackUrl: hiddenValue(shown.body, 'callbackUrl'),
    });
    expect(recorded.statusCode).toBe(303);
    expect(recorded.headers.location).toBe(expected);
  });

  it('shows no form for an unknown hashed user id', async () => {
    const response = await page(`/partners/account-update?hashed_user_id=${'0'.repeat(64)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('見つかりません');
    expect(response.body).not.toContain('<form');
  });

  it('refuses a post from another origin, a forged or re-targeted token and an expired form', async () => {
    const shown = await page(`/partners/account-update?callbackUrl=%2Fmypage&hashed_user_id=${hashed()}`);
    const token = hiddenValue(shown.body, 'token');
    const refused = async (response: Awaited<ReturnType<typeof post>>) => {
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('確認を記録できませんでした');
    };
    await refused(await post({ token, callbackUrl: '/mypage' }, { origin: 'https://evil.example' }));
    await refused(await post({ token, callbackUrl: '/assets' }));
    await refused(await post({ token: `${token.slice(0, -2)}AA`, callbackUrl: '/mypage' }));
    await refused(await post({ token: 'nonsense', callbackUrl: '/mypage' }));
    await refused(await post({}));
    clock.instant = new Date(start.getTime() + 31 * 60_000);
    try {
      await refused(await post({ token, callbackUrl: '/mypage' }));
    } finally {
      clock.instant = start;
    }
    expect((await post({ token, callbackUrl: '/mypage' })).statusCode).toBe(303);
  });
});

describe('trade-report simulator /partners/trade-reports', { timeout: startup }, () => {
  it('lists the customer’s delivered documents, newest first, with kind and date in Japanese, each a link', async () => {
    const ticket = links.tradeReportTicket(customer('1000006').id, clock.now());
    const response = await page(`/partners/trade-reports?ticket=${encodeURIComponent(ticket)}`);
    expect(response.statusCode).toBe(200);
    expectSafeHtml(response.body);
    expect(response.body).toContain('電子交付書面');
    const rows = [
      ...response.body.matchAll(
        /<tr><td>([^<]+)<\/td><td>([^<]+)<\/td><td><a href="([^"]+)">([^<]+)<\/a><\/td><\/tr>/g,
      ),
    ];
    expect(rows.map((row) => [row[1], row[2], row[4]])).toEqual([
      ['2026年4月10日', '取引残高報告書', '取引残高報告書（2026年3月31日現在）'],
      ['2026年1月20日', '特定口座年間取引報告書', '特定口座年間取引報告書（2025年分）'],
    ]);
    for (const row of rows) {
      expect(row[3]).toMatch(/^\/partners\/trade-reports\/documents\/[0-9a-f-]{36}\?ticket=/);
    }
    // the app may frame it (balance service frame_url); nobody else
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('opens a document of the list: the body as issued, from the data (a closed account holds nothing)', async () => {
    const ticket = links.tradeReportTicket(customer('1000006').id, clock.now());
    const list = await page(`/partners/trade-reports?ticket=${encodeURIComponent(ticket)}`);
    const href = /<a href="([^"]+)">取引残高報告書（2026年3月31日現在）<\/a>/.exec(list.body)?.[1];
    expect(href).toBeDefined();
    const response = await page(href!.replaceAll('&amp;', '&'));
    expect(response.statusCode).toBe(200);
    expectSafeHtml(response.body);
    expect(response.body).toContain('<h1>取引残高報告書（2026年3月31日現在）</h1>');
    expect(response.body).toContain('<th scope="row">お客さま</th><td>上田 美咲 様</td>');
    expect(response.body).toContain('<th scope="row">口座番号</th><td>1000006</td>');
    expect(response.body).toContain('お預りしている投資信託はありません。');
    expect(response.body).toContain('<th scope="row">お預り金</th><td>0円</td>');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('refuses another customer’s document with the ticket of one customer (404, nothing of it shown)', async () => {
    const [mainDocument] = await database.db
      .select({ id: deliveredDocuments.id, body: deliveredDocuments.body })
      .from(deliveredDocuments)
      .where(eq(deliveredDocuments.customerId, customer('1000001').id))
      .limit(1);
    expect(mainDocument?.body).toContain('青木 健太 様');
    const closedTicket = links.tradeReportTicket(customer('1000006').id, clock.now());
    const refused = await page(
      `/partners/trade-reports/documents/${mainDocument!.id}?ticket=${encodeURIComponent(closedTicket)}`,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('ご指定の書面は見つかりません。');
    expect(refused.body).not.toContain('青木');
    // the owner's ticket opens it; a malformed id or no ticket does not
    const ownTicket = links.tradeReportTicket(customer('1000001').id, clock.now());
    const own = await page(
      `/partners/trade-reports/documents/${mainDocument!.id}?ticket=${encodeURIComponent(ownTicket)}`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('青木 健太 様');
    expect(
      (await page(`/partners/trade-reports/documents/not-a-uuid?ticket=${encodeURIComponent(ownTicket)}`))
        .statusCode,
    ).toBe(404);
    expect((await page(`/partners/trade-reports/documents/${mainDocument!.id}`)).statusCode).toBe(403);
  });

  it('answers a Japanese 403 page for a missing, forged, foreign-key or expired ticket', async () => {
    const customerId = customer('1000006').id;
    const valid = links.tradeReportTicket(customerId, clock.now());
    const otherKey = new PartnerLinks({ hashKey: 'x'.repeat(40), tradeReportsUrl: undefined }, origin);
    const expired = links.tradeReportTicket(
      customerId,
      new Date(clock.now().getTime() - (tradeReportTicketTtlSeconds + 1) * 1000),
    );
    const forgedCustomer = valid.replace(customerId, customer('1000001').id);
    for (const ticket of [
      undefined,
      '',
      'garbage',
      forgedCustomer,
      otherKey.tradeReportTicket(customerId, clock.now()),
      expired,
    ]) {
      const url =
        ticket === undefined
          ? '/partners/trade-reports'
          : `/partners/trade-reports?ticket=${encodeURIComponent(ticket)}`;
      const response = await page(url);
      expect(response.statusCode, String(ticket)).toBe(403);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('リンクの有効期限が切れているか、正しくありません。');
    }
  });

  it('keeps unknown /partners paths a JSON 404', async () => {
    const response = await page('/partners/no-such-site');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: '404-000' });
  });
});

describe('simulators switched off', { timeout: startup }, () => {
  it('serves none of them with PARTNER_SIMULATORS=off', async () => {
    const off = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: { PARTNER_SIMULATORS: 'off' },
    });
    try {
      for (const url of [
        '/partners/account-opening',
        '/partners/account-update',
        '/partners/trade-reports',
        '/partners/trade-reports/documents/d0c00000-0000-4000-8000-000000000001',
      ]) {
        const response = await off.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ code: '404-000' });
      }
    } finally {
      await off.close();
    }
  });

  it('serves none of them in production, where they are off by default', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', kid: 'production-test' };
    const production = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: {
        NODE_ENV: 'production',
        // no sign-in here: no code is mailed, so no mail server is needed
        SIGN_IN_SECOND_FACTOR_REQUIRED: 'off',
        OIDC_JWKS: JSON.stringify({ keys: [jwk] }),
        OIDC_COOKIE_KEYS: 'c'.repeat(32),
        MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        PARTNER_HASH_KEY: hashKey,
        FUND_FEED_KEYS: 'f'.repeat(32),
        PARTNER_INBOUND_KEYS: 'i'.repeat(32),
        CARD_ISSUER_API_URL: 'https://api.card.example.jp/v1',
        PARTNER_TRADE_REPORTS_URL: 'https://reports.example.jp/fund',
      },
    });
    try {
      expect(production.config.partners.simulators).toBe(false);
      const response = await production.inject({ method: 'GET', url: '/partners/account-opening' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: '404-000' });
    } finally {
      await production.close();
    }
  });
});
