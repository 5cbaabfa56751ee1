import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { authorizeUrl, interactionUid, TestBrowser } from './test/oidc-test-client.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp({ database });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function signInPageWith(extra: Record<string, string>) {
  const browser = new TestBrowser(app);
  const start = await browser.request('GET', authorizeUrl({ extra }));
  return browser.request('GET', `/auth/v1/interaction/${interactionUid(start)}`);
}

describe('the sign-in page says why the customer must sign in again (issue 13 point 12)', () => {
  it('shows 「ログインの有効期限が切れました」 after the app’s refresh failed (sign_in_notice=session_expired)', async () => {
    const page = await signInPageWith({ sign_in_notice: 'session_expired' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<p class="notice" role="status">ログインの有効期限が切れました。お手数ですが、再度ログインしてください。</p>',
    );
  });

  it('shows nothing extra on an ordinary sign-in', async () => {
    const page = await signInPageWith({});
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('class="notice"');
  });

  it('refuses a notice it does not know instead of showing arbitrary text', async () => {
    const browser = new TestBrowser(app);
    const start = await browser.request('GET', authorizeUrl({ extra: { sign_in_notice: '<b>hi</b>' } }));
    expect(String(start.headers.location ?? '')).toContain('error=invalid_request');
  });
});

describe('the OpenID provider’s own pages are in Japanese (issue 13 point 11)', () => {
  it('writes the auto-submitting sign-out form in Japanese, not 「Submitting Callback」/「Continue」', async () => {
    const page = await new TestBrowser(app).request(
      'GET',
      '/oidc/session/end?post_logout_redirect_uri=http://x',
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ja">');
    expect(page.body).toContain('次へ進む');
    expect(page.body).not.toMatch(/Submitting Callback|Continue|Your browser/);
  });

  it('labels the OAuth error code of an error page in Japanese', async () => {
    const page = await new TestBrowser(app).request('GET', '/oidc/auth?client_id=unknown-client');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(
      'アプリの設定に誤りがあるため、ログインを開始できませんでした。（エラーコード: invalid_client）',
    );
  });
});
