import { mail, type MailContent } from '../../../mail/mail-templates.ts';

/**
 * Someone tried to register with an address that already belongs to a customer. The owner learns of it
 * and how to get in; the person registering got the same answer as for a new address (security.md 14).
 */
export function signUpExistingAddressMail(): MailContent {
  return mail('sign-up-existing-address', '新規登録のお申込みについて', [
    'このメールアドレスで新規登録のお申込みがありましたが、このアドレスはすでにご登録いただいています。',
    '',
    'ご登録済みの口座番号でログインしてください。パスワードをお忘れの場合は、ログイン画面の「パスワードをお忘れの方」から再設定できます。',
    'お心当たりのない場合は、このメールを破棄してください。ご登録内容は変更されていません。',
  ]);
}

/**
 * A reset was asked for by an address that several accounts share (e.g. a parent's and a child's): the
 * code cannot know which password to reset, so the customer is asked to use the account number.
 */
export function passwordResetAmbiguousMail(): MailContent {
  return mail('password-reset-ambiguous', 'パスワード再設定のお申込みについて', [
    'パスワード再設定のお申込みがありましたが、このメールアドレスは複数の口座でご登録いただいています。',
    '',
    'お手数ですが、再設定の画面で口座番号を入力してお申込みください。',
    'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されていません。',
  ]);
}

/**
 * Sent to the current address when a change to another address starts (security.md 18): if someone
 * else is at work, the customer learns of it before the change is confirmed.
 */
export function emailChangeRequestedMail(newEmail: string): MailContent {
  return mail('email-change-requested', 'メールアドレス変更のお申込みについて', [
    'ご登録のメールアドレスを変更するお申込みがありました。新しいアドレスに確認コードをお送りしています。',
    '',
    `新しいメールアドレス：${newEmail.replace(/\p{Cc}+/gu, ' ').slice(0, 254)}`,
    '',
    'お心当たりのない場合は、すぐにパスワードを変更し、お客さまサポートまでご連絡ください。',
  ]);
}
