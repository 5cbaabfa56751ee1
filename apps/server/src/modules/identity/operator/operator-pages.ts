import { escapeHtml } from '../../../html/escape-html.ts';
import { describedBy, fieldError, layout } from '../interaction-pages.ts';

/**
 * The operator sign-in pages (administrator, spec §4): sign-in by ログインID, new password after a
 * temporary one, forgot password. Same shell, stylesheet and rules as the customer pages: no script, no
 * inline style, every dynamic value escaped.
 */

export const operatorMessages = {
  loginIdEmpty: 'ログインIDを入力してください。',
  loginIdFormat: 'ログインIDは半角英小文字・数字・記号（. _ -）3〜64文字で入力してください。',
  passwordEmpty: 'パスワードを入力してください。',
  newPasswordEmpty: '新しいパスワードを入力してください。',
  codeEmpty: '確認コードを入力してください。',
  codeFormat: '確認コードは6桁の数字で入力してください。',
  invalidCredentials: 'ログインIDまたはパスワードが正しくありません。',
  locked:
    'アカウントがロックされています。ログインを続けて失敗したため、安全のためロックしました。管理者にお問い合わせください。',
  tooManyAttempts: 'ログインの試行回数が上限を超えました。しばらく時間をおいて再度お試しください。',
  invalidCode: '確認コードが正しくないか、有効期限が切れています。もう一度コードを送信してください。',
  codeSent:
    'ご登録のメールアドレスに確認コードを送信しました（ログインIDが登録されている場合）。メールに記載の6桁のコードと新しいパスワードを入力してください。',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  newPasswordRequired: '仮パスワードでログインしました。続けるには新しいパスワードを設定してください。',
} as const;

export interface OperatorFieldErrors {
  readonly loginId?: string;
  readonly password?: string;
  readonly code?: string;
}

const fieldIds: Readonly<Record<keyof OperatorFieldErrors, string>> = {
  loginId: 'login-id',
  password: 'password',
  code: 'code',
};

function summary(fieldErrors: OperatorFieldErrors, formError: string | undefined): string {
  const items = [
    ...(formError === undefined ? [] : [`<li>${escapeHtml(formError)}</li>`]),
    ...(Object.keys(fieldIds) as (keyof OperatorFieldErrors)[]).flatMap((field) => {
      const message = fieldErrors[field];
      return message === undefined
        ? []
        : [`<li><a href="#${fieldIds[field]}">${escapeHtml(message)}</a></li>`];
    }),
  ];
  if (items.length === 0) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">入力内容をご確認ください</h2>
<ul>${items.join('')}</ul>
</div>`;
}

function notice(message: string | undefined): string {
  return message === undefined ? '' : `<p role="status">${escapeHtml(message)}</p>`;
}

function invalid(message: string | undefined): string {
  return message === undefined ? '' : ' aria-invalid="true"';
}

function errorId(id: string, message: string | undefined): string | undefined {
  return message === undefined ? undefined : `${id}-error`;
}

function loginIdField(loginId: string, error: string | undefined, autofocus: boolean): string {
  return `<div class="field">
<label for="login-id">ログインID</label>
${fieldError('login-id-error', error)}
<input type="text" id="login-id" name="login_id" value="${escapeHtml(loginId)}" autocomplete="username" autocapitalize="none" spellcheck="false" maxlength="64" required${invalid(error)}${describedBy(errorId('login-id', error))}${autofocus ? ' autofocus' : ''}>
</div>`;
}

function newPasswordField(error: string | undefined, autofocus: boolean): string {
  return `<div class="field">
<label for="password">新しいパスワード</label>
<span class="hint" id="password-hint">8文字以上。よく使われているパスワードやログインIDを含むものは使えません。</span>
${fieldError('password-error', error)}
<input type="password" id="password" name="new_password" autocomplete="new-password" minlength="8" maxlength="128" required${invalid(error)}${describedBy('password-hint', errorId('password', error))}${autofocus ? ' autofocus' : ''}>
</div>`;
}

export interface OperatorSignInPageInput {
  readonly action: string;
  readonly abortAction: string;
  readonly forgotHref: string;
  readonly loginId: string;
  readonly fieldErrors?: OperatorFieldErrors;
  readonly formError?: string;
  readonly notice?: string;
}

export function operatorSignInPage(input: OperatorSignInPageInput): string {
  const errors = input.fieldErrors ?? {};
  const focusPassword = errors.loginId === undefined && input.loginId !== '';
  return layout(
    '管理者ログイン',
    `<h1>管理者ログイン</h1>
${notice(input.notice)}
${summary(errors, input.formError)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${loginIdField(input.loginId, errors.loginId, !focusPassword)}
<div class="field">
<label for="password">パスワード</label>
${fieldError('password-error', errors.password)}
<input type="password" id="password" name="password" autocomplete="current-password" required${invalid(errors.password)}${describedBy(errorId('password', errors.password))}${focusPassword ? ' autofocus' : ''}>
</div>
<button type="submit">ログイン</button>
</form>
<p><a href="${escapeHtml(input.forgotHref)}">パスワードをお忘れの方</a></p>
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">キャンセル</button>
</form>`,
  );
}

export interface NewPasswordPageInput {
  readonly action: string;
  readonly abortAction: string;
  readonly passwordError?: string;
}

/** First sign-in with a temporary password: the operator chooses a password before the sign-in completes. */
export function newPasswordPage(input: NewPasswordPageInput): string {
  const fieldErrors: OperatorFieldErrors =
    input.passwordError === undefined ? {} : { password: input.passwordError };
  return layout(
    '新しいパスワードの設定',
    `<h1>新しいパスワードの設定</h1>
<p>${escapeHtml(operatorMessages.newPasswordRequired)}</p>
${summary(fieldErrors, undefined)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${newPasswordField(input.passwordError, true)}
<button type="submit">設定してログイン</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">キャンセル</button>
</form>`,
  );
}

export interface ForgotPasswordPageInput {
  readonly action: string;
  readonly backHref: string;
  readonly loginId: string;
  readonly fieldErrors?: OperatorFieldErrors;
  readonly formError?: string;
}

/** Forgot password, step 1: the login id, to which a code is mailed. */
export function forgotPasswordPage(input: ForgotPasswordPageInput): string {
  const errors = input.fieldErrors ?? {};
  return layout(
    'パスワードの再設定',
    `<h1>パスワードの再設定</h1>
<p>ログインIDを入力してください。ご登録のメールアドレスに確認コードをお送りします。</p>
${summary(errors, input.formError)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${loginIdField(input.loginId, errors.loginId, true)}
<button type="submit">確認コードを送信</button>
</form>
<p><a href="${escapeHtml(input.backHref)}">ログイン画面に戻る</a></p>`,
  );
}

export interface ResetPasswordPageInput {
  readonly action: string;
  readonly resendHref: string;
  readonly loginId: string;
  readonly fieldErrors?: OperatorFieldErrors;
  readonly formError?: string;
  readonly notice?: string;
}

/** Forgot password, step 2: the mailed code and the new password. */
export function resetPasswordPage(input: ResetPasswordPageInput): string {
  const errors = input.fieldErrors ?? {};
  return layout(
    'パスワードの再設定',
    `<h1>パスワードの再設定</h1>
${notice(input.notice)}
${summary(errors, input.formError)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="login_id" value="${escapeHtml(input.loginId)}">
<div class="field">
<label for="code">確認コード</label>
<span class="hint" id="code-hint">メールに記載の6桁の数字</span>
${fieldError('code-error', errors.code)}
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required${invalid(errors.code)}${describedBy('code-hint', errorId('code', errors.code))} autofocus>
</div>
${newPasswordField(errors.password, false)}
<button type="submit">パスワードを再設定</button>
</form>
<p><a href="${escapeHtml(input.resendHref)}">確認コードを再送信する</a></p>`,
  );
}
