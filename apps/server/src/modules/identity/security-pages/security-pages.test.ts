import { randomUUID } from 'node:crypto';
import { customerCredentials, mailOutbox, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { desc, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { buildTestApp } from '../../../test/test-app.ts';
import { SoftwareAuthenticator } from '../authenticators/testing/software-authenticator.ts';
import { insertTestCustomer } from '../authenticators/testing/test-customer.ts';
import { hashPassword, verifyPassword } from '../password-hashing.ts';
import {
  exchangeCode,
  interactionUid,
  refresh,
  signInForCode,
  testOrigin,
  TestBrowser,
  type TokenSet,
} from '../test/oidc-test-client.ts';

const startup = 60_000;
const password = 'kumo-no-ue-no-sora-42';

let database: TestDatabase;
let app: App | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
}, startup);

afterAll(async () => {
  await database?.drop();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function startApp(): Promise<App> {
  app = await buildTestApp({ database: { ...database, close: async () => {} } });
  return app;
}

async function customerWithPassword() {
  const customer = await insertTestCustomer(database.db, `pages-${randomUUID().slice(0, 8)}@example.jp`);
  await database.db
    .insert(customerCredentials)
    .values({ customerId: customer.id, passwordHash: await hashPassword(password) });
  return customer;
}

async function mails(to: string, kind: string) {
  return database.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = lower(${to}) and ${mailOutbox.kind} = ${kind}`)
    .orderBy(desc(mailOutbox.sequence));
}

async function codeMailed(to: string, kind: string): Promise<string> {
  const [mail] = await mails(to, kind);
  const code = /確認コード：(\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (code === undefined) throw new Error(`no ${kind} code mailed to ${to}`);
  return code;
}

function csrfOf(page: LightMyRequestResponse): string {
  const token = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (token === undefined) throw new Error(`no CSRF token in ${page.body.slice(0, 300)}`);
  return token;
}

/** The account pages through the provider: /auth/v1/account → sign-in page → callback → account page. */
async function openAccountPages(target: App, accountNumber: string) {
  const browser = new TestBrowser(target);
  const start = await browser.request('GET', '/auth/v1/account');
  expect(start.statusCode).toBe(303);
  expect(String(start.headers.location)).toMatch(/^\/oidc\/auth\?client_id=fund-account&/);
  const authorize = await browser.request('GET', String(start.headers.location));
  const uid = interactionUid(authorize);
  const posted = await browser.request('POST', `/auth/v1/interaction/${uid}/login`, {
    form: { account_number: accountNumber, password },
  });
  const callback = await browser.follow(posted, `${testOrigin}/auth/v1/account/callback`);
  const done = await browser.request('GET', String(callback.headers.location));
  expect(done.statusCode).toBe(303);
  expect(done.headers.location).toBe('/auth/v1/account');
  const page = await browser.request('GET', '/auth/v1/account');
  expect(page.statusCode).toBe(200);
  return { browser, page, csrf: csrfOf(page) };
}

describe('identity security pages', () => {
  it('sign in through the provider, list sessions and sign-in history, and refuse a POST without the CSRF token (403)', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const { browser, page, csrf } = await openAccountPages(target, customer.accountNumber);
    expect(page.body).toContain('お客さま情報・セキュリティ設定');
    expect(page.body).toContain(customer.accountNumber);
    expect(page.body).toContain('（この画面）');
    expect(page.body).toContain('成功');
    expect(page.headers['set-cookie']).toBeUndefined();

    const withoutToken = await browser.request('POST', '/auth/v1/account/password', {
      form: { current_password: password, new_password: 'a-brand-new-passphrase-7' },
    });
    expect(withoutToken.statusCode).toBe(403);
    const otherOrigin = await browser.request('POST', '/auth/v1/account/password', {
      form: { csrf, current_password: password, new_password: 'a-brand-new-passphrase-7' },
      headers: { origin: 'https://evil.example' },
    });
    expect(otherOrigin.statusCode).toBe(403);

    const anonymous = await new TestBrowser(target).request('GET', '/auth/v1/account/password');
    expect(anonymous.statusCode).toBe(303);
    expect(String(anonymous.headers.location)).toContain('/oidc/auth?client_id=fund-account');
  });

  it('security 20: ending a session on the page kills that session’s refresh token', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const web = new TestBrowser(target);
    const exchanged = await exchangeCode(
      target,
      await signInForCode(web, { accountNumber: customer.accountNumber, password }),
    );
    const tokens = exchanged.json<TokenSet>();
    expect(tokens.refresh_token).toBeDefined();

    const { browser, page, csrf } = await openAccountPages(target, customer.accountNumber);
    const items = page.body.split('<li>').filter((item) => item.includes('name="session_id"'));
    expect(items).toHaveLength(2);
    const other = items
      .filter((item) => !item.includes('（この画面）'))
      .map((item) => /name="session_id" value="([^"]+)"/.exec(item)?.[1])[0];
    expect(other).toBeDefined();
    const ended = await browser.request('POST', '/auth/v1/account/sessions/end', {
      form: { csrf, session_id: other ?? '' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain('セッションを終了しました。');
    expect((await refresh(target, tokens.refresh_token ?? '')).statusCode).toBe(400);

    const signOut = await browser.request('POST', '/auth/v1/account/sign-out', { form: { csrf } });
    expect(signOut.statusCode).toBe(303);
    expect(signOut.headers.location).toBe('/oidc/session/end?client_id=fund-account');
    const logout = await browser.request('GET', String(signOut.headers.location));
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toContain('ログアウトしますか？');
    expect((await browser.request('GET', '/auth/v1/account')).statusCode).toBe(303);
  });

  it('security 18: password change needs the current password and mails a notice', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const { browser, csrf } = await openAccountPages(target, customer.accountNumber);
    const newPassword = 'a-brand-new-passphrase-7';

    const missing = await browser.request('POST', '/auth/v1/account/password', {
      form: { csrf, current_password: '', new_password: newPassword },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('現在のパスワードを入力してください');
    const wrong = await browser.request('POST', '/auth/v1/account/password', {
      form: { csrf, current_password: 'not-the-password-1', new_password: newPassword },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('現在のパスワードが正しくありません。');
    expect(await mails(customer.email, 'credential-changed')).toHaveLength(0);

    const changed = await browser.request('POST', '/auth/v1/account/password', {
      form: { csrf, current_password: password, new_password: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('パスワードを変更しました。');
    const [row] = await database.db
      .select({ hash: customerCredentials.passwordHash })
      .from(customerCredentials)
      .where(sql`${customerCredentials.customerId} = ${customer.id}`);
    expect(await verifyPassword(row?.hash ?? '', newPassword)).toBe(true);
    expect(await mails(customer.email, 'credential-changed')).toHaveLength(1);
  });

  it('security 18: email change needs the current password; the code goes to the new address', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const { browser, csrf } = await openAccountPages(target, customer.accountNumber);
    const newEmail = `changed-${randomUUID().slice(0, 8)}@example.jp`;

    const wrong = await browser.request('POST', '/auth/v1/account/email', {
      form: { csrf, current_password: 'not-the-password-1', new_email: newEmail },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('現在のパスワードが正しくありません。');
    expect(await mails(newEmail, 'email-change-code')).toHaveLength(0);

    const started = await browser.request('POST', '/auth/v1/account/email', {
      form: { csrf, current_password: password, new_email: newEmail },
    });
    expect(started.statusCode).toBe(200);
    expect(await mails(customer.email, 'email-change-requested')).toHaveLength(1);
    const changeId = /name="change_id" value="([^"]+)"/.exec(started.body)?.[1] ?? '';
    const confirmed = await browser.request('POST', '/auth/v1/account/email/confirm', {
      form: {
        csrf,
        change_id: changeId,
        new_email: newEmail,
        code: await codeMailed(newEmail, 'email-change-code'),
      },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('メールアドレスを変更しました。');
    expect(confirmed.body).toContain(newEmail);
  });

  it('security 18: TOTP set-up and emailed codes need the current password; enabling mails a notice', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const { browser, csrf } = await openAccountPages(target, customer.accountNumber);

    const totpWrong = await browser.request('POST', '/auth/v1/account/totp', {
      form: { csrf, current_password: 'not-the-password-1' },
    });
    expect(totpWrong.statusCode).toBe(401);
    const totp = await browser.request('POST', '/auth/v1/account/totp', {
      form: { csrf, current_password: password },
    });
    expect(totp.statusCode).toBe(200);
    expect(totp.body).toMatch(/id="totp-secret">[A-Z2-7]{16,}</);
    expect(totp.body).toContain('href="otpauth://totp/');
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(totp.body)?.[1] ?? '';
    const confirmed = await browser.request('POST', '/auth/v1/account/totp/confirm', {
      form: { csrf, code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('認証アプリ: 設定済み');

    const otpWrong = await browser.request('POST', '/auth/v1/account/email-otp', {
      form: { csrf, current_password: '' },
    });
    expect(otpWrong.statusCode).toBe(401);
    const otp = await browser.request('POST', '/auth/v1/account/email-otp', {
      form: { csrf, current_password: password },
    });
    expect(otp.statusCode).toBe(200);
    const enabled = await browser.request('POST', '/auth/v1/account/email-otp/confirm', {
      form: { csrf, code: await codeMailed(customer.email, 'mfa-setup-code') },
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.body).toContain('メールによる確認コード: 設定済み');
    expect((await mails(customer.email, 'credential-changed')).length).toBeGreaterThanOrEqual(1);
  });

  it('security 18: passkeys are added and deleted on the pages only with the current password', async () => {
    const target = await startApp();
    const customer = await customerWithPassword();
    const { browser, csrf } = await openAccountPages(target, customer.accountNumber);

    expect((await browser.request('POST', '/auth/v1/account/passkeys/options')).statusCode).toBe(403);
    const options = await browser.request('POST', '/auth/v1/account/passkeys/options', {
      headers: { 'x-csrf-token': csrf },
    });
    expect(options.statusCode).toBe(200);
    const authenticator = new SoftwareAuthenticator(testOrigin);
    const credential = JSON.stringify(
      authenticator.register(options.json<PublicKeyCredentialCreationOptionsJSON>()),
    );
    const wrong = await browser.request('POST', '/auth/v1/account/passkeys', {
      form: { csrf, current_password: 'not-the-password-1', name: '自宅のパソコン', credential },
    });
    expect(wrong.statusCode).toBe(401);
    const added = await browser.request('POST', '/auth/v1/account/passkeys', {
      form: { csrf, current_password: password, name: '自宅のパソコン', credential },
    });
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain('パスキー「自宅のパソコン」を登録しました。');
    const deleteHref =
      /href="(\/auth\/v1\/account\/passkeys\/[0-9a-f-]{36}\/delete)"/.exec(added.body)?.[1] ?? '';
    expect((await browser.request('GET', deleteHref)).statusCode).toBe(200);
    const refused = await browser.request('POST', deleteHref, { form: { csrf, current_password: '' } });
    expect(refused.statusCode).toBe(401);
    const deleted = await browser.request('POST', deleteHref, { form: { csrf, current_password: password } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toContain('登録されたパスキーはありません。');
    expect((await mails(customer.email, 'credential-changed')).length).toBe(2);
  });
});
