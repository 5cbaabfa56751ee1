import type { DeliveredDocumentKind } from '@fund/db';
import { PartnerPath } from './partner-links.ts';
import { escapeHtml } from '../html/escape-html.ts';

/**
 * HTML of the partner-site simulators: Japanese, every echoed value escaped, no script and no inline
 * style (the site-wide CSP forbids both), each page marked as a demo so nobody mistakes it for the real
 * outside site.
 */

export const demoBanner = 'デモ用シミュレーター';

function page(siteName: string, title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}｜${escapeHtml(siteName)}（${demoBanner}）</title>`,
    `<link rel="stylesheet" href="${PartnerPath.stylesheet}">`,
    '</head>',
    '<body>',
    '<main>',
    `<p class="demo-banner" role="note">${demoBanner}：外部サイトの代わりに開発・デモ用に表示しています。本番環境では無効です。</p>`,
    `<p class="site-name">${escapeHtml(siteName)}</p>`,
    `<h1>${escapeHtml(title)}</h1>`,
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A definition list of what arrived; a missing value is shown as such, not left out. */
function details(rows: readonly (readonly [string, string | undefined])[]): string {
  return [
    '<dl>',
    ...rows.map(
      ([term, value]) =>
        `<dt>${escapeHtml(term)}</dt>` +
        (value === undefined
          ? '<dd class="absent">（なし）</dd>'
          : `<dd>${value === '' ? '<span class="absent">（空）</span>' : escapeHtml(value)}</dd>`),
    ),
    '</dl>',
  ].join('\n');
}

/** Query parameters the account-opening hand-off carries (spec §7 "Outbound hand-offs"). */
export const accountOpeningParameters = [
  'temporaryUserId',
  'redirectToSignUp',
  'redirectToUsernameSignin',
  'username',
  'hashed_user_id',
  'agencyBranchCode',
  'accessToken',
  'userName',
] as const;

/** Characters of an access token the page shows: enough to recognise it, too few to use it. */
export const shownTokenCharacters = 8;

export function renderAccountOpening(query: Readonly<Record<string, string | undefined>>): string {
  const rows = accountOpeningParameters.map((name): [string, string | undefined] => {
    const value = query[name];
    if (name === 'accessToken' && value !== undefined && value !== '') {
      return [name, `${value.slice(0, shownTokenCharacters)}…（先頭${shownTokenCharacters}文字のみ表示）`];
    }
    return [name, value];
  });
  return page(
    '口座開設サイト',
    '口座開設のお申し込み',
    [
      '<p>本来はここで口座開設のお申し込み手続きを行います。アプリから受け取った値は次のとおりです。</p>',
      details(rows),
      '<p><a class="button" href="/">アプリに戻る</a></p>',
    ].join('\n'),
  );
}

export interface AccountUpdateView {
  readonly lastConfirmed: string | undefined;
  readonly callbackUrl: string | undefined;
  readonly hashedUserId: string | undefined;
  /** Where the confirmation returns to (the checked callback path). */
  readonly returnPath: string;
  /** The customer found by the hashed user id, with the signed form token; undefined: not found. */
  readonly customer?: { readonly lastConfirmedOn: string | null; readonly formToken: string };
}

export function renderAccountUpdate(view: AccountUpdateView): string {
  const received = details([
    ['lastConfirmed', view.lastConfirmed],
    ['callbackUrl', view.callbackUrl],
    ['hashed_user_id', view.hashedUserId],
  ]);
  const action =
    view.customer === undefined
      ? '<p class="error">hashed_user_id に該当するお客さまが見つかりません。アプリからもう一度お進みください。</p>'
      : [
          details([['現在の最終確認日', view.customer.lastConfirmedOn ?? '未確認']]),
          '<p>「確認を記録する」を押すと、お客さま情報を本日確認したものとして記録し、アプリに戻ります。</p>',
          `<form method="post" action="${PartnerPath.accountUpdate}">`,
          `<input type="hidden" name="token" value="${escapeHtml(view.customer.formToken)}">`,
          `<input type="hidden" name="callbackUrl" value="${escapeHtml(view.returnPath)}">`,
          '<button class="button" type="submit">確認を記録する</button>',
          '</form>',
        ].join('\n');
  return page(
    'お客さま情報変更サイト',
    'お客さま情報の確認・変更',
    [
      '<p>本来はここでお客さま情報（住所・投資経験など）の確認や変更を行います。アプリから受け取った値は次のとおりです。</p>',
      received,
      action,
      `<p><a href="${escapeHtml(view.returnPath)}">記録せずにアプリに戻る</a></p>`,
    ].join('\n'),
  );
}

export function renderAccountUpdateRefused(): string {
  return page(
    'お客さま情報変更サイト',
    '確認を記録できませんでした',
    [
      '<p class="error">フォームの有効期限が切れたか、内容が正しくありません。アプリからもう一度お進みください。</p>',
      '<p><a class="button" href="/">アプリに戻る</a></p>',
    ].join('\n'),
  );
}

const documentKindLabels: Readonly<Record<DeliveredDocumentKind, string>> = {
  TRADE_REPORT: '取引報告書',
  BALANCE_REPORT: '取引残高報告書',
  ANNUAL_SPECIFIC_ACCOUNT_REPORT: '特定口座年間取引報告書',
};

export interface DeliveredDocumentView {
  readonly title: string;
  readonly kind: DeliveredDocumentKind;
  readonly issuedOn: string;
}

function japaneseDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

export function renderTradeReports(documents: readonly DeliveredDocumentView[]): string {
  const list =
    documents.length === 0
      ? '<p>交付された書面はありません。</p>'
      : [
          '<table>',
          '<thead><tr><th scope="col">交付日</th><th scope="col">種類</th><th scope="col">書面</th></tr></thead>',
          '<tbody>',
          ...documents.map(
            (document) =>
              `<tr><td>${escapeHtml(japaneseDate(document.issuedOn))}</td>` +
              `<td>${escapeHtml(documentKindLabels[document.kind])}</td>` +
              `<td>${escapeHtml(document.title)}</td></tr>`,
          ),
          '</tbody>',
          '</table>',
        ].join('\n');
  return page(
    '電子交付サービス',
    '電子交付書面',
    [
      `<p>お客さまに交付した書面です（新しい順、${documents.length}件）。</p>`,
      list,
      '<p>口座を閉鎖された後も、交付済みの書面はこちらでご覧いただけます。</p>',
    ].join('\n'),
  );
}

export function renderTradeReportsRefused(): string {
  return page(
    '電子交付サービス',
    '書面を表示できません',
    [
      '<p class="error">リンクの有効期限が切れているか、正しくありません。</p>',
      '<p>お手数ですが、アプリの「電子交付書面を確認する」からもう一度開いてください。</p>',
    ].join('\n'),
  );
}
