import { escapeHtml } from '../../../html/escape-html.ts';
import { errorSummary, renderFields, type FormField } from '../form-fields.ts';
import { layout } from '../interaction-pages.ts';

/**
 * Sign-up and password-reset pages, in Japanese, on the identity pages' shell: no script, no inline
 * style (CSP), every value escaped, errors summarised at the top and linked to their fields.
 */

export interface FormPageInput {
  readonly title: string;
  readonly intro?: string;
  readonly action: string;
  readonly hidden?: Readonly<Record<string, string>>;
  readonly fields: readonly FormField[];
  readonly submitLabel: string;
  readonly formError?: string;
  /** A message that is not an error (e.g. 「確認コードを再送信しました」). */
  readonly notice?: string;
  /** Extra forms or links under the main form (already HTML). */
  readonly after?: string;
  readonly backHref: string;
}

export function formPage(input: FormPageInput): string {
  const hidden = Object.entries(input.hidden ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return layout(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
${errorSummary(input.fields, input.formError)}
${input.notice === undefined ? '' : `<p class="notice" role="status">${escapeHtml(input.notice)}</p>`}
${input.intro === undefined ? '' : `<p>${escapeHtml(input.intro)}</p>`}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hidden}
${renderFields(input.fields)}
<button type="submit">${escapeHtml(input.submitLabel)}</button>
</form>
${input.after ?? ''}
<p class="link"><a href="${escapeHtml(input.backHref)}">ログイン画面に戻る</a></p>`,
  );
}

/** A small form with only a button (resend), posting hidden values. */
export function buttonForm(action: string, hidden: Readonly<Record<string, string>>, label: string): string {
  const inputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button type="submit" class="secondary">${escapeHtml(label)}</button></form>`;
}

export function signUpDonePage(accountNumber: string, backHref: string): string {
  return layout(
    '登録が完了しました',
    `<h1>登録が完了しました</h1>
<p>ご登録ありがとうございます。お客さまの口座番号は次のとおりです。ログインの際に必要ですので、お控えください。</p>
<p class="account-number" id="account-number">${escapeHtml(accountNumber)}</p>
<p>ログイン後、口座開設のお手続きにお進みください。</p>
<p class="link"><a href="${escapeHtml(backHref)}">ログイン画面へ</a></p>`,
  );
}

export function passwordResetDonePage(backHref: string): string {
  return layout(
    'パスワードを再設定しました',
    `<h1>パスワードを再設定しました</h1>
<p>新しいパスワードでログインしてください。安全のため、すべての端末でログアウトしました。</p>
<p class="link"><a href="${escapeHtml(backHref)}">ログイン画面へ</a></p>`,
  );
}
