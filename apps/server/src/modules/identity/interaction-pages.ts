import { serviceInfo, SignInNotice } from '@fund/contracts';
import { escapeHtml } from '../../html/escape-html.ts';

/**
 * Server-rendered pages of the identity service (sign-in, consent, device flow, sign-out, errors), in
 * Japanese. No inline script and no inline style: the site-wide CSP (script-src/style-src 'self') holds;
 * the look comes from identity.css, passkeys work through the served passkey.js (sign-in-second-step/). Every dynamic value goes through `escapeHtml`.
 */

export const identityStylesheetPath = '/auth/v1/static/identity.css';

/** Spec §8 identity-flow messages and the sign-in outcomes, as the customer reads them. */
export const signInMessages = {
  accountNumberEmpty: '口座番号を入力してください。',
  accountNumberFormat: '口座番号は7桁の数字で入力してください。',
  passwordEmpty: 'パスワードを入力してください。',
  invalidCredentials: '口座番号またはパスワードが正しくありません。',
  locked:
    'アカウントがロックされています。ログインを続けて失敗したため、安全のためロックしました。お客さま窓口までお問い合わせください。',
  tooManyAttempts: 'ログインの試行回数が上限を超えました。しばらく時間をおいて再度お試しください。',
  sessionExpired: 'ログインの有効期限が切れました。はじめからやり直してください。',
  authenticationError: '認証エラーが発生しました。はじめからやり直してください。',
  networkError: 'ネットワークエラーが発生しました。しばらく時間をおいて再度お試しください。',
} as const;

/** The page shell every interaction page shares (also the second-factor pages). */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="google" content="notranslate">
<title>${escapeHtml(title)}｜${escapeHtml(serviceInfo.name)}</title>
<link rel="stylesheet" href="${identityStylesheetPath}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main>
<div class="card">
<p class="service-name">${escapeHtml(serviceInfo.name)}</p>
${body}
</div>
</main>
</body>
</html>
`;
}

export interface FieldErrors {
  readonly accountNumber?: string;
  readonly password?: string;
}

export interface SignInPageInput {
  readonly action: string;
  readonly abortAction: string;
  readonly accountNumber: string;
  readonly fieldErrors?: FieldErrors;
  /** A message about the whole form (wrong credentials, lock, rate limit). */
  readonly formError?: string;
  /** Links to the sign-up and password-reset pages (credentials/credentials-pages.ts). */
  readonly signUpHref?: string;
  readonly forgotPasswordHref?: string;
  /** Markup of the passkey sign-in under the form (sign-in-second-step/ `passkeySignInControls`). */
  readonly passkey?: string;
  /** Why the customer must sign in again (the app's `sign_in_notice`), above the form. */
  readonly notice?: string;
}

/** What the sign-in page says for each notice the web app may send. */
export const signInNoticeMessages: Readonly<Record<SignInNotice, string>> = {
  [SignInNotice.sessionExpired]: 'ログインの有効期限が切れました。お手数ですが、再度ログインしてください。',
  [SignInNotice.signInFailed]: 'ログインを完了できませんでした。お手数ですが、再度ログインしてください。',
};

function errorSummary(fieldErrors: FieldErrors, formError: string | undefined): string {
  const items = [
    ...(formError === undefined ? [] : [`<li>${escapeHtml(formError)}</li>`]),
    ...(fieldErrors.accountNumber === undefined
      ? []
      : [`<li><a href="#account-number">${escapeHtml(fieldErrors.accountNumber)}</a></li>`]),
    ...(fieldErrors.password === undefined
      ? []
      : [`<li><a href="#password">${escapeHtml(fieldErrors.password)}</a></li>`]),
  ];
  if (items.length === 0) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">入力内容をご確認ください</h2>
<ul>${items.join('')}</ul>
</div>`;
}

export function fieldError(id: string, message: string | undefined): string {
  return message === undefined ? '' : `<span class="field-error" id="${id}">${escapeHtml(message)}</span>`;
}

export function describedBy(...ids: (string | undefined)[]): string {
  const present = ids.filter((id): id is string => id !== undefined);
  return present.length === 0 ? '' : ` aria-describedby="${present.join(' ')}"`;
}

export function signInPage(input: SignInPageInput): string {
  const errors = input.fieldErrors ?? {};
  const accountError = errors.accountNumber === undefined ? undefined : 'account-number-error';
  const passwordError = errors.password === undefined ? undefined : 'password-error';
  // Autofocus goes to the first field needing attention; with a hint the account number is already there.
  const focusPassword = errors.accountNumber === undefined && input.accountNumber !== '';
  return layout(
    'ログイン',
    `<h1>ログイン</h1>
${input.notice === undefined ? '' : `<p class="notice" role="status">${escapeHtml(input.notice)}</p>`}
${errorSummary(errors, input.formError)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<div class="field">
<label for="account-number">口座番号</label>
<span class="hint" id="account-number-hint">7桁の数字</span>
${fieldError('account-number-error', errors.accountNumber)}
<input type="text" id="account-number" name="account_number" value="${escapeHtml(input.accountNumber)}" inputmode="numeric" autocomplete="username" maxlength="7" required${errors.accountNumber === undefined ? '' : ' aria-invalid="true"'}${describedBy('account-number-hint', accountError)}${focusPassword ? '' : ' autofocus'}>
</div>
<div class="field">
<label for="password">パスワード</label>
${fieldError('password-error', errors.password)}
<input type="password" id="password" name="password" autocomplete="current-password" required${errors.password === undefined ? '' : ' aria-invalid="true"'}${describedBy(passwordError)}${focusPassword ? ' autofocus' : ''}>
</div>
<button type="submit">ログイン</button>
</form>
${input.passkey ?? ''}
${input.forgotPasswordHref === undefined ? '' : `<p class="link"><a href="${escapeHtml(input.forgotPasswordHref)}">パスワードをお忘れの方</a></p>`}
${input.signUpHref === undefined ? '' : `<p class="link"><a href="${escapeHtml(input.signUpHref)}">新規登録</a></p>`}
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">キャンセル</button>
</form>`,
  );
}

const scopeDescriptions: Readonly<Record<string, string>> = {
  openid: 'お客さまの識別子',
  offline: 'ログイン状態の維持（ご利用にならない間も）',
  'user.write': 'ご注文・お客さま情報の変更',
  'user.session.revoke.self': 'すべての端末からのログアウト',
};

export interface ConsentPageInput {
  readonly action: string;
  readonly abortAction: string;
  readonly clientName: string;
  readonly scopes: readonly string[];
}

export function consentPage(input: ConsentPageInput): string {
  const items = input.scopes.map((scope) => `<li>${escapeHtml(scopeDescriptions[scope] ?? scope)}</li>`);
  return layout(
    'アクセスの許可',
    `<h1>アクセスの許可</h1>
<p>「${escapeHtml(input.clientName)}」が次の操作を求めています。</p>
<ul class="scopes">${items.join('')}</ul>
<form method="post" action="${escapeHtml(input.action)}">
<button type="submit">許可する</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">許可しない</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>`,
  );
}

/** `form` is oidc-provider's hidden form (with its CSRF token); the buttons submit it by `form=`. */
export function logoutPage(form: string): string {
  return layout(
    'ログアウト',
    `<h1>ログアウトしますか？</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>ログアウトする</button>
<button type="submit" form="op.logoutForm" class="secondary">ログインしたままにする</button>`,
  );
}

export function logoutDonePage(): string {
  return errorPage('ログアウトしました', 'ログアウトしました。このページは閉じてかまいません。');
}

export interface DeviceInputPageInput {
  readonly action: string;
  readonly xsrf: string;
  readonly error?: string;
}

export function deviceInputPage(input: DeviceInputPageInput): string {
  const error = input.error === undefined ? undefined : 'user-code-error';
  return layout(
    '端末の確認',
    `<h1>端末の確認</h1>
${input.error === undefined ? '' : `<div class="error-summary" role="alert"><ul><li><a href="#user-code">${escapeHtml(input.error)}</a></li></ul></div>`}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="xsrf" value="${escapeHtml(input.xsrf)}">
<div class="field">
<label for="user-code">確認コード</label>
<span class="hint" id="user-code-hint">端末に表示されている8文字のコード（例: BCDF-GHJK）</span>
${fieldError('user-code-error', input.error)}
<input type="text" id="user-code" name="user_code" class="user-code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" required autofocus${input.error === undefined ? '' : ' aria-invalid="true"'}${describedBy('user-code-hint', error)}>
</div>
<button type="submit">次へ</button>
</form>`,
  );
}

export interface DeviceConfirmPageInput {
  readonly action: string;
  readonly xsrf: string;
  readonly userCode: string;
  readonly clientName: string;
}

export function deviceConfirmPage(input: DeviceConfirmPageInput): string {
  return layout(
    '端末の確認',
    `<h1>この端末でログインしますか？</h1>
<p>「${escapeHtml(input.clientName)}」が次のコードでログインを求めています。端末に表示されているコードと同じであることを確認してください。</p>
<p class="user-code">${escapeHtml(input.userCode)}</p>
<p>心当たりがない場合やコードが異なる場合は「中止する」を押してください。</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="xsrf" value="${escapeHtml(input.xsrf)}">
<input type="hidden" name="user_code" value="${escapeHtml(input.userCode)}">
<button type="submit" name="confirm" value="yes" autofocus>続ける</button>
<button type="submit" name="abort" value="yes" class="secondary">中止する</button>
</form>`,
  );
}

export function deviceSuccessPage(): string {
  return errorPage('ログインしました', '端末でのログインが完了しました。このページは閉じてかまいません。');
}
