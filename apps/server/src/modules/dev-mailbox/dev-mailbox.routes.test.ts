import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { signUpCodeMail } from '../../mail/mail-templates.ts';
import { buildTestApp, createWebDist, fixedClock, type WebDist } from '../../test/test-app.ts';

let database: TestDatabase;
let app: App | undefined;
let dist: WebDist | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  dist?.remove();
  dist = undefined;
});

const keepOpen = () => ({ ...database, close: async () => {} });

describe('development mailbox', () => {
  it('lists what was sent, newest first, as HTML and as JSON, and shows one mail', async () => {
    dist = createWebDist();
    app = await buildTestApp({
      database: keepOpen(),
      realClock: fixedClock(new Date('2025-04-01T00:30:00Z')),
      env: { WEB_DIST_DIR: dist.dir },
    });
    await app.mailer.enqueue({
      to: 'first@example.jp',
      ...signUpCodeMail({ code: '111111', validMinutes: 10 }),
    });
    await app.mailer.enqueue({
      to: 'second@example.jp',
      ...signUpCodeMail({ code: '<b>22</b>', validMinutes: 10 }),
    });

    const json = await app.inject({ method: 'GET', url: '/dev/mailbox.json?to=SECOND@example.jp' });
    expect(json.statusCode).toBe(200);
    const { mails } = json.json<{
      mails: { id: string; to: string; text: string; sentAt: string | null }[];
    }>();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'second@example.jp', sentAt: null });
    expect(mails[0]?.text).toContain('確認コード：<b>22</b>');

    const all = (await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<{
      mails: { to: string }[];
    }>();
    expect(all.mails.map((mail) => mail.to).slice(0, 2)).toEqual(['second@example.jp', 'first@example.jp']);

    const page = await app.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('開発用メールボックス');
    expect(page.body).toContain('2025年4月1日 09:30（日本時間）');
    expect(page.body).toContain('href="/dev/mailbox.css"');
    expect(page.body).not.toMatch(/<script|style=/);
    expect(page.body.indexOf('second@example.jp')).toBeLessThan(page.body.indexOf('first@example.jp'));

    const one = await app.inject({
      method: 'GET',
      url: `/dev/mailbox/${mails[0]?.id}`,
      headers: { accept: 'text/html' },
    });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('確認コード：&lt;b&gt;22&lt;/b&gt;');
    expect(one.body).not.toContain('<b>22</b>');

    const css = await app.inject({ method: 'GET', url: '/dev/mailbox.css' });
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('answers 404 for an unknown mail instead of the web app', async () => {
    dist = createWebDist();
    app = await buildTestApp({ database: keepOpen(), env: { WEB_DIST_DIR: dist.dir } });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await app.inject({
        method: 'GET',
        url: `/dev/mailbox/${id}`,
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('does not exist in production: the paths fall through to the web app or a 404', async () => {
    dist = createWebDist();
    app = await buildTestApp({
      database: keepOpen(),
      env: {
        NODE_ENV: 'production',
        // no sign-in here: no code is mailed, so no mail server is needed
        SIGN_IN_SECOND_FACTOR_REQUIRED: 'off',
        WEB_DIST_DIR: dist.dir,
        OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }] }),
        OIDC_COOKIE_KEYS: 'k'.repeat(32),
        MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        PARTNER_HASH_KEY: 'p'.repeat(32),
        FUND_FEED_KEYS: 'f'.repeat(32),
        PARTNER_INBOUND_KEYS: 'i'.repeat(32),
        CARD_ISSUER_API_URL: 'https://api.card.example.jp/v1',
        PARTNER_TRADE_REPORTS_URL: 'https://reports.example.jp/fund',
      },
    });
    const json = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(json.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).not.toContain('開発用メールボックス');
  });
});
