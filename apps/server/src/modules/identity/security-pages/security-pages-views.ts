import { escapeHtml } from '../../../html/escape-html.ts';
import { errorSummary, renderFields, type FormField } from '../form-fields.ts';
import { layout } from '../interaction-pages.ts';

/**
 * The account pages (sign-in history, sessions, password, email, second factors, passkeys) in Japanese
 * on the identity pages' shell: no inline script or style (CSP), every value escaped, errors summarised
 * at the top and linked to their fields, every form carrying the page session's CSRF token.
 */

export const securityPagesPath = '/auth/v1/account';
export const passkeyRegistrationScriptPath = '/auth/v1/static/passkey-registration.js';

const dateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function formatDate(value: Date | null): string {
  return value === null ? '―' : dateTime.format(value);
}

function csrfField(csrf: string): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
}

/** A form that is only a button (end a session, sign out). */
function buttonForm(
  action: string,
  csrf: string,
  label: string,
  hidden: Record<string, string> = {},
): string {
  const inputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${csrfField(csrf)}${inputs}<button type="submit" class="secondary">${escapeHtml(label)}</button></form>`;
}

export const currentPasswordField = (error?: string): FormField => ({
  name: 'current_password',
  label: '現在のパスワード',
  type: 'password',
  autocomplete: 'current-password',
  hint: '本人確認のため入力してください',
  ...(error === undefined ? {} : { error }),
});

export interface AccountFormInput {
  readonly title: string;
  readonly intro?: string;
  /** Already HTML (escaped by the caller), shown above the form, e.g. the authenticator secret. */
  readonly before?: string;
  readonly action: string;
  readonly csrf: string;
  readonly hidden?: Readonly<Record<string, string>>;
  readonly fields: readonly FormField[];
  readonly submitLabel: string;
  readonly formError?: string;
  readonly notice?: string;
  /** Markup of the passkey registration: the submit button is then the script's (see passkeyForm). */
  readonly passkey?: { readonly optionsUrl: string };
}

export function accountFormPage(input: AccountFormInput): string {
  const hidden = Object.entries(input.hidden ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const submit =
    input.passkey === undefined
      ? `<button type="submit">${escapeHtml(input.submitLabel)}</button>`
      : `<input type="hidden" name="credential" id="passkey-credential" value="">
<p class="field-error" id="passkey-error" role="alert" hidden>パスキーを登録できませんでした。もう一度お試しください。</p>
<p id="passkey-unsupported">このブラウザではパスキーを登録できません。</p>
<button type="button" id="passkey-register" data-options-url="${escapeHtml(input.passkey.optionsUrl)}" data-csrf="${escapeHtml(input.csrf)}" hidden>${escapeHtml(input.submitLabel)}</button>`;
  return layout(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
${errorSummary(input.fields, input.formError)}
${input.notice === undefined ? '' : `<p class="notice" role="status">${escapeHtml(input.notice)}</p>`}
${input.intro === undefined ? '' : `<p>${escapeHtml(input.intro)}</p>`}
${input.before ?? ''}
<form method="post" action="${escapeHtml(input.action)}" id="account-form" novalidate>
${csrfField(input.csrf)}
${hidden}
${renderFields(input.fields)}
${submit}
</form>
<p class="link"><a href="${securityPagesPath}">お客さま情報・セキュリティ設定に戻る</a></p>
${input.passkey === undefined ? '' : `<script src="${passkeyRegistrationScriptPath}" defer></script>`}`,
  );
}

export interface SessionRow {
  readonly id: string;
  readonly clientId: string;
  readonly createdAt: Date | null;
  readonly lastUsedAt: Date | null;
}

export interface AttemptRow {
  readonly occurredAt: Date;
  readonly outcome: string;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

export interface PasskeyRow {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

export interface AccountHomeInput {
  readonly csrf: string;
  readonly accountNumber: string;
  readonly email: string;
  readonly currentGrantId: string;
  readonly sessions: readonly SessionRow[];
  readonly attempts: readonly AttemptRow[];
  readonly passkeys: readonly PasskeyRow[];
  readonly totp: 'none' | 'pending' | 'active';
  readonly emailOtp: boolean;
  readonly notice?: string;
}

const clientNames: Readonly<Record<string, string>> = {
  'fund-web': '投資信託 オンラインサービス（Web）',
  'fund-device': '投資信託 端末アプリ',
  'fund-account': 'お客さま情報・セキュリティ設定',
};

const outcomeLabels: Readonly<Record<string, string>> = {
  succeeded: '成功',
  wrong_password: '失敗（パスワード誤り）',
  unknown_account: '失敗',
  refused_locked: '失敗（ロック中）',
  locked_now: '失敗（ロックされました）',
};

export function accountHomePage(input: AccountHomeInput): string {
  const sessions =
    input.sessions.length === 0
      ? '<p>ログイン中の端末はありません。</p>'
      : `<ul class="account-list">${input.sessions
          .map((session) => {
            const current = session.id === input.currentGrantId;
            const name = clientNames[session.clientId] ?? session.clientId;
            return `<li>
<p><strong>${escapeHtml(name)}</strong>${current ? '（この画面）' : ''}</p>
<p class="meta">ログイン: ${escapeHtml(formatDate(session.createdAt))}／最終利用: ${escapeHtml(formatDate(session.lastUsedAt))}</p>
${buttonForm(`${securityPagesPath}/sessions/end`, input.csrf, current ? 'この画面からログアウトする' : 'このセッションを終了する', { session_id: session.id })}
</li>`;
          })
          .join('')}</ul>`;
  const attempts =
    input.attempts.length === 0
      ? '<p>ログイン履歴はありません。</p>'
      : `<ul class="account-list">${input.attempts
          .map(
            (attempt) => `<li>
<p><strong>${escapeHtml(formatDate(attempt.occurredAt))}</strong> ${escapeHtml(outcomeLabels[attempt.outcome] ?? attempt.outcome)}</p>
<p class="meta">${escapeHtml(attempt.ip ?? '―')}／${escapeHtml(attempt.userAgent ?? '―')}</p>
</li>`,
          )
          .join('')}</ul>`;
  const passkeys =
    input.passkeys.length === 0
      ? '<p>登録されたパスキーはありません。</p>'
      : `<ul class="account-list">${input.passkeys
          .map(
            (passkey) => `<li>
<p><strong>${escapeHtml(passkey.name)}</strong></p>
<p class="meta">登録: ${escapeHtml(formatDate(passkey.createdAt))}／最終利用: ${escapeHtml(formatDate(passkey.lastUsedAt))}</p>
<p><a href="${securityPagesPath}/passkeys/${escapeHtml(passkey.id)}/delete">「${escapeHtml(passkey.name)}」を削除する</a></p>
</li>`,
          )
          .join('')}</ul>`;
  const totp =
    input.totp === 'active'
      ? '<p>認証アプリ: 設定済み</p>'
      : `<p>認証アプリ: 未設定</p><p class="link"><a href="${securityPagesPath}/totp">認証アプリを設定する</a></p>`;
  const emailOtp = input.emailOtp
    ? '<p>メールによる確認コード: 設定済み</p>'
    : `<p>メールによる確認コード: 未設定</p><p class="link"><a href="${securityPagesPath}/email-otp">メールによる確認コードを設定する</a></p>`;
  return layout(
    'お客さま情報・セキュリティ設定',
    `<h1>お客さま情報・セキュリティ設定</h1>
${input.notice === undefined ? '' : `<p class="notice" role="status">${escapeHtml(input.notice)}</p>`}
<p>口座番号: ${escapeHtml(input.accountNumber)}</p>
<section aria-labelledby="sessions-title">
<h2 id="sessions-title">ログイン中の端末</h2>
${sessions}
</section>
<section aria-labelledby="credentials-title">
<h2 id="credentials-title">パスワード・メールアドレス</h2>
<p class="link"><a href="${securityPagesPath}/password">パスワードを変更する</a></p>
<p>メールアドレス: ${escapeHtml(input.email)}</p>
<p class="link"><a href="${securityPagesPath}/email">メールアドレスを変更する</a></p>
</section>
<section aria-labelledby="mfa-title">
<h2 id="mfa-title">2段階認証</h2>
${totp}
${emailOtp}
</section>
<section aria-labelledby="passkeys-title">
<h2 id="passkeys-title">パスキー</h2>
${passkeys}
<p class="link"><a href="${securityPagesPath}/passkeys/new">パスキーを追加する</a></p>
</section>
<section aria-labelledby="history-title">
<h2 id="history-title">ログイン履歴</h2>
${attempts}
</section>
${buttonForm(`${securityPagesPath}/sign-out`, input.csrf, 'ログアウト')}`,
  );
}

/** The authenticator secret as text and the otpauth URI as text and a link (no QR image: no new dependency). */
export function totpSecretMarkup(secret: string, otpauthUri: string): string {
  return `<p>認証アプリに次のキーを入力するか、このスマートフォンで下のリンクを開いてください。</p>
<p class="secret" id="totp-secret">${escapeHtml(secret)}</p>
<p class="secret-uri">${escapeHtml(otpauthUri)}</p>
<p class="link"><a href="${escapeHtml(otpauthUri)}">認証アプリで開く</a></p>`;
}

export function confirmPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="notice" role="status">${escapeHtml(message)}</p>
<p class="link"><a href="${securityPagesPath}">お客さま情報・セキュリティ設定に戻る</a></p>`,
  );
}
