import { escapeHtml } from '../../../html/escape-html.ts';
import { layout } from '../interaction-pages.ts';

/** Where the browser fetches the passkey script (served by the second-factor routes). */
export const passkeyScriptPath = '/auth/v1/static/passkey.js';

/** The second factors a customer can pass at sign-in. */
export type SecondFactorMethod = 'passkey' | 'totp' | 'email';

export const secondFactorMessages = {
  codeEmpty: '確認コードを入力してください。',
  codeFormat: '確認コードは6桁の数字で入力してください。',
  codeWrong: '確認コードが正しくありません。',
  codeExpired: '確認コードの有効期限が切れたか、無効になりました。確認コードを再送してください。',
  codeSent: 'ご登録のメールアドレスに確認コードを送信しました。メールに記載の6桁のコードを入力してください。',
  resendTooSoon: '確認コードの再送は、しばらく時間をおいてからお試しください。',
  passkeyFailed: 'パスキーで認証できませんでした。もう一度お試しいただくか、ほかの方法をお選びください。',
  tooManyFailures: '確認コードを続けて間違えたため、ログインを中止しました。はじめからやり直してください。',
  tooManyAttempts: '確認の試行回数が上限を超えました。しばらく時間をおいて再度お試しください。',
} as const;

const methodLabels: Readonly<Record<SecondFactorMethod, string>> = {
  passkey: 'パスキーを使う',
  totp: '認証アプリの確認コードを使う',
  email: 'メールで確認コードを受け取る',
};

/** The URLs of one interaction's second step. */
export function secondFactorPaths(uid: string) {
  const base = `/auth/v1/interaction/${uid}/second-factor`;
  return {
    select: `${base}/select`,
    totp: `${base}/totp`,
    email: `${base}/email`,
    emailResend: `${base}/email/resend`,
    passkey: `${base}/passkey`,
    passkeyOptions: `${base}/passkey/options`,
    abort: `/auth/v1/interaction/${uid}/abort`,
  } as const;
}

/** The 「パスキーでログイン」 part of the sign-in page: a passkey-first sign-in without account number. */
export function passkeySignInControls(uid: string): string {
  return `<p class="divider">または</p>
${passkeyControls({
  action: `/auth/v1/interaction/${uid}/passkey`,
  optionsUrl: `/auth/v1/interaction/${uid}/passkey/options`,
  label: 'パスキーでログイン',
})}`;
}

/**
 * The passkey button and the form passkey.js submits with the assertion. Without JavaScript or WebAuthn
 * the button stays hidden and the rest of the page works as before.
 */
export function passkeyControls(input: { action: string; optionsUrl: string; label: string }): string {
  return `<form method="post" action="${escapeHtml(input.action)}" id="passkey-form">
<input type="hidden" name="credential" id="passkey-credential" value="">
</form>
<p class="field-error" id="passkey-error" role="alert" hidden>${escapeHtml(secondFactorMessages.passkeyFailed)}</p>
<button type="button" id="passkey-button" data-options-url="${escapeHtml(input.optionsUrl)}" hidden>${escapeHtml(input.label)}</button>
<script src="${passkeyScriptPath}" defer></script>`;
}

export interface SecondFactorPageInput {
  readonly uid: string;
  readonly method: SecondFactorMethod;
  /** Every method the customer may use; the others are offered as alternatives. */
  readonly methods: readonly SecondFactorMethod[];
  readonly error?: string | undefined;
  readonly status?: string | undefined;
}

function errorSummary(error: string | undefined, fieldId: string | undefined): string {
  if (error === undefined) return '';
  const item =
    fieldId === undefined
      ? `<li>${escapeHtml(error)}</li>`
      : `<li><a href="#${fieldId}">${escapeHtml(error)}</a></li>`;
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">入力内容をご確認ください</h2>
<ul>${item}</ul>
</div>`;
}

function codeForm(action: string, hint: string, error: string | undefined): string {
  return `<form method="post" action="${escapeHtml(action)}" novalidate>
<div class="field">
<label for="code">確認コード</label>
<span class="hint" id="code-hint">${escapeHtml(hint)}</span>
${error === undefined ? '' : `<span class="field-error" id="code-error">${escapeHtml(error)}</span>`}
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" required autofocus${error === undefined ? '' : ' aria-invalid="true"'} aria-describedby="code-hint${error === undefined ? '' : ' code-error'}">
</div>
<button type="submit">確認する</button>
</form>`;
}

/** The second step of a sign-in: one method's form, the other methods, and cancel. */
export function secondFactorPage(input: SecondFactorPageInput): string {
  const paths = secondFactorPaths(input.uid);
  let body: string;
  if (input.method === 'totp') {
    body = `<p>スマートフォンの認証アプリに表示されている6桁の確認コードを入力してください。</p>
${errorSummary(input.error, 'code')}
${codeForm(paths.totp, '6桁の数字（30秒ごとに変わります）', input.error)}`;
  } else if (input.method === 'email') {
    body = `${input.status === undefined ? '' : `<p class="status" role="status">${escapeHtml(input.status)}</p>`}
${errorSummary(input.error, 'code')}
${codeForm(paths.email, 'メールに記載の6桁の数字（有効期限は10分です）', input.error)}
<form method="post" action="${escapeHtml(paths.emailResend)}">
<button type="submit" class="secondary">確認コードを再送する</button>
</form>`;
  } else {
    body = `<p>ご登録のパスキーで本人確認を行います。「パスキーで認証する」を押し、端末の画面に従ってください。</p>
${errorSummary(input.error, undefined)}
<noscript><p>パスキーを使うには JavaScript を有効にしてください。</p></noscript>
${passkeyControls({ action: paths.passkey, optionsUrl: paths.passkeyOptions, label: 'パスキーで認証する' })}`;
  }
  const others = input.methods.filter((method) => method !== input.method);
  const alternatives =
    others.length === 0
      ? ''
      : `<p class="divider">ほかの方法で確認する</p>
${others
  .map(
    (method) => `<form method="post" action="${escapeHtml(paths.select)}">
<input type="hidden" name="method" value="${method}">
<button type="submit" class="secondary">${escapeHtml(methodLabels[method])}</button>
</form>`,
  )
  .join('\n')}`;
  return layout(
    '2段階認証',
    `<h1>2段階認証</h1>
${body}
${alternatives}
<form method="post" action="${escapeHtml(paths.abort)}">
<button type="submit" class="secondary">キャンセル</button>
</form>`,
  );
}
