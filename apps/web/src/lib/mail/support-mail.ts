import { formatJstMinute } from '../format/jst';
import type { MailDraft } from './open-mail-draft';

export interface SupportMailInput {
  readonly to: string;
  /** The support window's name, the first part of the subject. */
  readonly windowName: string;
  /** The customer's user name, which doubles as the inquiry ID (spec §3); absent before sign-in. */
  readonly inquiryId: string | undefined;
  readonly now: Date;
}

const ATTACHMENT_HINT =
  '※不具合の状況がわかる画面のスクリーンショットがございましたら、添付ファイルとしてお送りください。';

/**
 * The support mail draft of spec §9: subject = window name, date and time (JST) and inquiry ID; body = the
 * inquiry template with the bug-detail questions, the attachment hint and the inquiry ID at the end.
 */
export function buildSupportMailDraft({ to, windowName, inquiryId, now }: SupportMailInput): MailDraft {
  const subject = [windowName, formatJstMinute(now), inquiryId]
    .filter((part) => part !== undefined)
    .join(' ');
  const body = [
    '【お問い合わせ内容】',
    '',
    '',
    '【不具合の詳細】',
    '発生日時：',
    'ご利用端末：',
    'OSバージョン：',
    '',
    ATTACHMENT_HINT,
    '',
    `お問い合わせID: ${inquiryId ?? ''}`,
  ].join('\n');
  return { to, subject, body };
}
