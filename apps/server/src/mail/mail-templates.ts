import { serviceInfo } from '@fund/contracts';
import { jstCalendarDate, jstMinutesOfDay, preDebitCheckRules } from '@fund/domain';

/**
 * The mails of the service, in Japanese, as small typed functions. Plain text only: nothing a customer or
 * a client controls (user agent, address) can turn into markup, and every mail client shows it alike.
 * Every mail says what to do when the customer did not cause it, because that is what makes a
 * notification useful against account takeover (security.md 13, 18).
 */

export type MailKind =
  | 'sign-in-code'
  | 'sign-up-code'
  | 'password-reset-code'
  | 'email-change-code'
  | 'mfa-setup-code'
  | 'sign-in-notification'
  | 'account-locked'
  | 'credential-changed'
  | 'sign-up-existing-address'
  | 'password-reset-ambiguous'
  | 'email-change-requested'
  | 'agent-changed'
  | 'pre-debit-check';

export interface MailContent {
  readonly kind: MailKind;
  readonly subject: string;
  readonly text: string;
}

const footer = [
  '',
  '――――――――――――――――――――',
  serviceInfo.name,
  '※本メールは送信専用アドレスから送信しています。ご返信いただいてもお答えできません。',
  '※お心当たりのない場合は、お手数ですがお客さまサポートまでご連絡ください。',
].join('\n');

/** `2025年4月1日 09:05（日本時間）`, whatever the server's time zone. */
export function formatJstDateTime(instant: Date): string {
  const { year, month, day } = jstCalendarDate(instant);
  const minutes = jstMinutesOfDay(instant);
  const hour = String(Math.floor(minutes / 60)).padStart(2, '0');
  const minute = String(minutes % 60).padStart(2, '0');
  return `${year}年${month}月${day}日 ${hour}:${minute}（日本時間）`;
}

/**
 * Client-supplied text (user agent) in a mail: control characters could forge extra lines, and a long
 * value is noise, so both are removed.
 */
function clientText(value: string | undefined): string {
  const cleaned = (value ?? '')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (cleaned === '') return '不明';
  return cleaned.length > 200 ? `${cleaned.slice(0, 200)}…` : cleaned;
}

export function mail(kind: MailKind, subject: string, lines: readonly string[]): MailContent {
  return { kind, subject: `【${serviceInfo.name}】${subject}`, text: `${lines.join('\n')}\n${footer}\n` };
}

export interface CodeMailInput {
  readonly code: string;
  /** Minutes until the code expires, as stated in the mail. */
  readonly validMinutes: number;
}

function codeLines(intro: string, input: CodeMailInput, warning: string): string[] {
  return [
    intro,
    '',
    `確認コード：${input.code}`,
    '',
    `このコードの有効期限は ${input.validMinutes} 分です。一度だけご利用いただけます。`,
    'このコードを他人に教えないでください。当社の社員がコードをお尋ねすることはありません。',
    '',
    warning,
  ];
}

export function signInCodeMail(input: CodeMailInput): MailContent {
  return mail(
    'sign-in-code',
    'ログイン確認コードのお知らせ',
    codeLines(
      'ログインのための確認コードをお送りします。ログイン画面に入力してください。',
      input,
      'お心当たりのない場合、どなたかがお客さまのパスワードでログインを試みている可能性があります。パスワードを変更してください。',
    ),
  );
}

export function signUpCodeMail(input: CodeMailInput): MailContent {
  return mail(
    'sign-up-code',
    'メールアドレス確認コードのお知らせ',
    codeLines(
      'ご登録いただいたメールアドレスの確認コードをお送りします。登録画面に入力してください。',
      input,
      'お心当たりのない場合は、このメールを破棄してください。登録は完了しません。',
    ),
  );
}

export function passwordResetCodeMail(input: CodeMailInput): MailContent {
  return mail(
    'password-reset-code',
    'パスワード再設定の確認コードのお知らせ',
    codeLines(
      'パスワード再設定のための確認コードをお送りします。再設定画面に入力してください。',
      input,
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
    ),
  );
}

export function emailChangeCodeMail(input: CodeMailInput): MailContent {
  return mail(
    'email-change-code',
    'メールアドレス変更の確認コードのお知らせ',
    codeLines(
      'メールアドレス変更のための確認コードをお送りします。変更画面に入力すると、このアドレスが新しいメールアドレスになります。',
      input,
      'お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。',
    ),
  );
}

export function mfaSetupCodeMail(input: CodeMailInput): MailContent {
  return mail(
    'mfa-setup-code',
    '2段階認証の設定確認コードのお知らせ',
    codeLines(
      'メールによる2段階認証を設定するための確認コードをお送りします。設定画面に入力してください。',
      input,
      'お心当たりのない場合、どなたかがお客さまのアカウントの設定を変更しようとしている可能性があります。パスワードを変更してください。',
    ),
  );
}

export interface SignInNotificationInput {
  readonly at: Date;
  readonly ipAddress: string | undefined;
  readonly userAgent: string | undefined;
  /** How the customer signed in, e.g. 「パスワード＋確認コード」, 「パスキー」. */
  readonly method?: string | undefined;
}

export function signInNotificationMail(input: SignInNotificationInput): MailContent {
  return mail('sign-in-notification', 'ログインのお知らせ', [
    'お客さまのアカウントにログインがありました。',
    '',
    `日時：${formatJstDateTime(input.at)}`,
    ...(input.method === undefined ? [] : [`方法：${clientText(input.method)}`]),
    `IP アドレス：${clientText(input.ipAddress)}`,
    `ブラウザ・端末：${clientText(input.userAgent)}`,
    '',
    'お心当たりのない場合は、すぐにパスワードを変更し、お客さまサポートまでご連絡ください。',
  ]);
}

export interface AccountLockedInput {
  readonly at: Date;
  readonly failedAttempts: number;
}

export function accountLockedMail(input: AccountLockedInput): MailContent {
  return mail('account-locked', 'アカウントをロックしました', [
    `パスワードの誤入力が ${input.failedAttempts} 回続いたため、お客さまのアカウントへのログインを停止しました。`,
    '',
    `日時：${formatJstDateTime(input.at)}`,
    '',
    'ロックの解除はお客さまサポートで承ります。',
    'お心当たりのない場合、第三者がログインを試みた可能性があります。解除の際にお申し出ください。',
  ]);
}

/** Which credential changed; each has its own sentence in the notification. */
export type CredentialChange =
  | 'password'
  | 'email'
  | 'totp-enabled'
  | 'totp-disabled'
  | 'email-otp-enabled'
  | 'email-otp-disabled'
  | 'passkey-added'
  | 'passkey-removed';

const credentialChangeText: Readonly<Record<CredentialChange, string>> = {
  password: 'パスワードが変更されました。',
  email: 'ご登録のメールアドレスが変更されました。',
  'totp-enabled': '認証アプリによる2段階認証が設定されました。',
  'totp-disabled': '認証アプリによる2段階認証が解除されました。',
  'email-otp-enabled': 'メールによる2段階認証が設定されました。',
  'email-otp-disabled': 'メールによる2段階認証が解除されました。',
  'passkey-added': 'パスキーが登録されました。',
  'passkey-removed': 'パスキーが削除されました。',
};

export interface CredentialChangedInput {
  readonly change: CredentialChange;
  readonly at: Date;
  /** E.g. the passkey's name or the new address, shown as a detail line. */
  readonly detail?: string | undefined;
}

/**
 * Sent on every credential change (security.md 18). For an email change it goes to the old address, so
 * a customer whose address was taken over still learns of it.
 */
export function credentialChangedMail(input: CredentialChangedInput): MailContent {
  return mail('credential-changed', 'ご登録情報変更のお知らせ', [
    credentialChangeText[input.change],
    '',
    `日時：${formatJstDateTime(input.at)}`,
    ...(input.detail === undefined ? [] : [`内容：${clientText(input.detail)}`]),
    '',
    'お心当たりのない場合は、すぐにお客さまサポートまでご連絡ください。',
  ]);
}

export interface AgentChangedInput {
  /** 法定代理人 or 代表者. */
  readonly agentLabel: string;
  /** The new 代理人's name as registered (姓 名). */
  readonly agentName: string;
  readonly at: Date;
}

/**
 * Sent to the account's address when its 代理人 changes (decision 020). The name is the one just
 * registered: the holder's side typed it, so it is shown through clientText like any typed value.
 */
export function agentChangedMail(input: AgentChangedInput): MailContent {
  return mail('agent-changed', `${input.agentLabel}変更のお知らせ`, [
    `お客さまの口座の${input.agentLabel}の登録を変更しました。`,
    '',
    `日時：${formatJstDateTime(input.at)}`,
    `新しい${input.agentLabel}：${clientText(input.agentName)} 様`,
    '',
    '変更の内容はアプリの「マイページ」→「代理人の変更」でご確認いただけます。',
    'お心当たりのない場合は、すぐにお客さまサポートまでご連絡ください。',
  ]);
}

export interface PreDebitCheckMailInput {
  /** The notice's title, also the mail's subject. */
  readonly title: string;
  /** What is wrong and what to do by when (the notice's lines). */
  readonly lines: readonly string[];
  /** Where in the app to act, as the screen's name and its path. */
  readonly action: { readonly label: string; readonly path: string };
  /** The app's origin (PUBLIC_ORIGIN) for a link; without it the mail names the screen only. */
  readonly appOrigin?: string | undefined;
}

/**
 * Sent with the pre-debit notice a few business days before a debit (decision 023): the same words as the
 * notice, and where to act.
 */
export function preDebitCheckMail(input: PreDebitCheckMailInput): MailContent {
  const where =
    input.appOrigin === undefined
      ? [`アプリにログインし、「${input.action.label}」からお手続きください。`]
      : [
          `「${input.action.label}」はこちらです（ログインが必要です）：`,
          `${input.appOrigin}${input.action.path}`,
        ];
  return mail('pre-debit-check', input.title, [
    ...input.lines,
    '',
    ...where,
    '',
    `このメールは、お引き落とし日の${preDebitCheckRules.leadBusinessDays}営業日前に、お手続きが必要なお客さまにお送りしています。`,
    '同じ内容はアプリの「お知らせ」でもご確認いただけます。',
  ]);
}
