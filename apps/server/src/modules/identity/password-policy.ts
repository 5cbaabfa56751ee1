import { readFileSync } from 'node:fs';

/** NIST SP 800-63B / ASVS 6.2: length matters, composition rules do not (security.md 17). */
export const passwordMinLength = 8;
/** Far above the 64 ASVS asks to accept; the cap only bounds the hashing work per request. */
export const passwordMaxLength = 128;

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'account_number';

export const passwordProblemMessages: Readonly<Record<PasswordProblem, string>> = {
  too_short: `パスワードは${passwordMinLength}文字以上で入力してください。`,
  too_long: `パスワードは${passwordMaxLength}文字以内で入力してください。`,
  common: 'よく使われているパスワードのため使用できません。推測されにくいパスワードを入力してください。',
  account_number: '口座番号を含むパスワードは使用できません。',
};

/**
 * Problems of a new password, none when it is acceptable. Length counts characters (code points), so a
 * Japanese passphrase counts as the customer sees it; spaces are allowed and kept.
 */
export function checkNewPassword(password: string, accountNumber?: string): PasswordProblem[] {
  const length = [...password].length;
  if (length < passwordMinLength) return ['too_short'];
  if (length > passwordMaxLength) return ['too_long'];
  const problems: PasswordProblem[] = [];
  if (commonPasswords.has(password.toLowerCase())) problems.push('common');
  if (accountNumber !== undefined && password.includes(accountNumber)) problems.push('account_number');
  return problems;
}

export function commonPasswordCount(): number {
  return commonPasswords.size;
}
