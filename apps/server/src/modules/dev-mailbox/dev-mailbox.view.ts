import type { MailOutboxRow } from '@fund/db';
import { formatJstDateTime } from '../../mail/mail-templates.ts';
import { escapeHtml } from '../../html/escape-html.ts';

/** HTML of the development mailbox: every value escaped, no script, styles from a linked file (CSP). */

export const mailboxPath = '/dev/mailbox';
export const mailboxStylesheetPath = '/dev/mailbox.css';

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}｜開発用メールボックス</title>`,
    `<link rel="stylesheet" href="${mailboxStylesheetPath}">`,
    '</head>',
    '<body>',
    '<main>',
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const warning =
  '<p class="warning" role="note">開発用の画面です。このサーバーが送信（または送信待ちに）したすべてのメールを表示します。本番環境では無効です。</p>';

function status(row: MailOutboxRow): string {
  if (row.sentAt !== null) return `送信済み（${formatJstDateTime(row.sentAt)}）`;
  if (row.lastError !== null) return `未送信（${row.attempts} 回失敗）`;
  return '未送信';
}

export function renderMailboxList(rows: readonly MailOutboxRow[], delivers: boolean): string {
  const note = delivers
    ? '<p>SMTP で配信しています。</p>'
    : '<p>SMTP が設定されていないため（SMTP_URL）、メールはここにだけ届きます。</p>';
  const list =
    rows.length === 0
      ? '<p>メールはまだありません。</p>'
      : [
          '<table>',
          '<thead><tr><th scope="col">日時</th><th scope="col">宛先</th><th scope="col">件名</th><th scope="col">種類</th><th scope="col">状態</th></tr></thead>',
          '<tbody>',
          ...rows.map(
            (row) =>
              `<tr><td>${escapeHtml(formatJstDateTime(row.createdAt))}</td><td>${escapeHtml(row.toAddress)}</td>` +
              `<td><a href="${mailboxPath}/${escapeHtml(row.id)}">${escapeHtml(row.subject)}</a></td>` +
              `<td>${escapeHtml(row.kind)}</td><td${row.sentAt === null ? ' class="unsent"' : ''}>${escapeHtml(status(row))}</td></tr>`,
          ),
          '</tbody>',
          '</table>',
        ].join('\n');
  return page(
    'メール一覧',
    [
      '<h1>開発用メールボックス</h1>',
      warning,
      note,
      `<p>新しい順に ${rows.length} 件を表示しています。機械読み取り用: <a href="${mailboxPath}.json">${mailboxPath}.json</a></p>`,
      list,
    ].join('\n'),
  );
}

export function renderMailboxMail(row: MailOutboxRow): string {
  const details = [
    ['宛先', row.toAddress],
    ['件名', row.subject],
    ['種類', row.kind],
    ['作成日時', formatJstDateTime(row.createdAt)],
    ['状態', status(row)],
    ...(row.lastError === null ? [] : [['最後のエラー', row.lastError]]),
  ];
  return page(
    row.subject,
    [
      `<p><a href="${mailboxPath}">← メール一覧</a></p>`,
      `<h1>${escapeHtml(row.subject)}</h1>`,
      warning,
      '<dl>',
      ...details.map(
        ([term = '', value = '']) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`,
      ),
      '</dl>',
      '<h2>本文</h2>',
      `<pre>${escapeHtml(row.textBody)}</pre>`,
      // shown as source, never rendered: it would be markup from our templates inside our origin
      ...(row.htmlBody === null
        ? []
        : ['<h2>HTML 本文（ソース）</h2>', `<pre>${escapeHtml(row.htmlBody)}</pre>`]),
    ].join('\n'),
  );
}
