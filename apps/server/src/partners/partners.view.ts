import { formatJapaneseDate } from '@fund/domain';
import type { DeliveredDocumentKind } from '@fund/db';
import { PartnerPath } from './partner-links.ts';
import { escapeHtml } from '../html/escape-html.ts';

/**
 * HTML of the partner-site simulators: Japanese, every echoed value escaped, no script and no inline
 * style (the site-wide CSP forbids both), each page marked as a demo so nobody mistakes it for the real
 * outside site.
 */

export const demoBanner = 'デモ用シミュレーター';

export function page(siteName: string, title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${escapeHtml(title)}｜${escapeHtml(siteName)}（${demoBanner}）</title>`,
    `<link rel="stylesheet" href="${PartnerPath.stylesheet}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
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
export function details(rows: readonly (readonly [string, string | undefined])[]): string {
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

/**
 * A return link the app handed over (`redirectToSignUp`, `redirectToUsernameSignin`), used only when it
 * is on the app's own origin: the simulator must not become a way to send a customer to any site.
 */
export function sameOriginHref(value: string | undefined, publicOrigin: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const url = new URL(value, publicOrigin);
    if (url.origin !== publicOrigin || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      return undefined;
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/** The ways back to the app: sign-up (a sign-in first), sign-in with a 口座番号, or the app's top. */
function accountOpeningReturns(
  query: Readonly<Record<string, string | undefined>>,
  publicOrigin: string,
): string {
  const signUp = sameOriginHref(query['redirectToSignUp'], publicOrigin);
  const signIn = sameOriginHref(query['redirectToUsernameSignin'], publicOrigin);
  const parts: string[] = [];
  if (signUp !== undefined) {
    parts.push(
      '<h2>ログイン用パスワードの登録</h2>',
      '<p>お申し込みの前に、ログイン用のパスワードを登録します。</p>',
      `<p><a class="button" href="${escapeHtml(signUp)}">パスワードを登録する</a></p>`,
    );
  }
  if (signIn !== undefined) {
    const action = new URL(signIn, publicOrigin);
    parts.push(
      '<h2>お申し込みが完了した方</h2>',
      '<p>お知らせした口座番号を入力して、アプリにログインします。</p>',
      `<form method="get" action="${escapeHtml(action.pathname)}">`,
      ...[...action.searchParams].map(
        ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
      ),
      '<p><label for="username">口座番号（7桁）</label><br>',
      '<input id="username" name="username" inputmode="numeric" pattern="\\d{7}" maxlength="7" autocomplete="username"></p>',
      '<button class="button" type="submit">口座番号でログインする</button>',
      '</form>',
    );
  }
  parts.push('<p><a href="/">アプリに戻る</a></p>');
  return parts.join('\n');
}

export function renderAccountOpening(
  query: Readonly<Record<string, string | undefined>>,
  publicOrigin: string,
  /** For a signed-up customer without an account: the signed form that completes the opening. */
  opening?: { readonly formToken: string },
): string {
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
      ...(opening === undefined
        ? []
        : [
            '<h2>お申し込みの完了（シミュレーター）</h2>',
            '<p>審査が終わったものとして口座を開設し、アプリにお知らせします（特定口座、成人の方は NISA も）。</p>',
            `<form method="post" action="${PartnerPath.accountOpening}">`,
            `<input type="hidden" name="token" value="${escapeHtml(opening.formToken)}">`,
            '<button class="button" type="submit">口座開設を完了する</button>',
            '</form>',
          ]),
      accountOpeningReturns(query, publicOrigin),
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
  DISTRIBUTION_NOTICE: '収益分配金のお知らせ',
  REDEMPTION_NOTICE: '償還金のお知らせ',
};

export interface DeliveredDocumentView {
  readonly id: string;
  readonly title: string;
  readonly kind: DeliveredDocumentKind;
  readonly issuedOn: string;
}

/** Where one document opens: its page, with the ticket the list was opened with. */
export function documentHref(documentId: string, ticket: string): string {
  const path = PartnerPath.tradeReportDocument.replace(':id', encodeURIComponent(documentId));
  return `${path}?ticket=${encodeURIComponent(ticket)}`;
}

function listHref(ticket: string): string {
  return `${PartnerPath.tradeReports}?ticket=${encodeURIComponent(ticket)}`;
}

export function renderTradeReports(documents: readonly DeliveredDocumentView[], ticket: string): string {
  const list =
    documents.length === 0
      ? '<p>交付された書面はありません。</p>'
      : [
          '<table>',
          '<thead><tr><th scope="col">交付日</th><th scope="col">種類</th><th scope="col">書面</th></tr></thead>',
          '<tbody>',
          ...documents.map(
            (document) =>
              `<tr><td>${escapeHtml(formatJapaneseDate(document.issuedOn))}</td>` +
              `<td>${escapeHtml(documentKindLabels[document.kind])}</td>` +
              `<td><a href="${escapeHtml(documentHref(document.id, ticket))}">${escapeHtml(document.title)}</a></td></tr>`,
          ),
          '</tbody>',
          '</table>',
        ].join('\n');
  return page(
    '電子交付サービス',
    '電子交付書面',
    [
      `<p>お客さまに交付した書面です（新しい順、${documents.length}件）。書面名を押すと内容を表示します。</p>`,
      list,
      '<p>口座を閉鎖された後も、交付済みの書面はこちらでご覧いただけます。</p>',
    ].join('\n'),
  );
}

/**
 * One document as issued. Its body is the stored fragment, escaped when it was issued
 * (modules/documents): it is inserted as it is, not escaped twice.
 */
export function renderDeliveredDocument(
  document: DeliveredDocumentView & { body: string },
  ticket: string,
): string {
  return page(
    '電子交付サービス',
    document.title,
    [`<p><a href="${escapeHtml(listHref(ticket))}">電子交付書面の一覧に戻る</a></p>`, document.body].join(
      '\n',
    ),
  );
}

export function renderDeliveredDocumentNotFound(ticket: string): string {
  return page(
    '電子交付サービス',
    '書面が見つかりません',
    [
      '<p class="error">ご指定の書面は見つかりません。</p>',
      `<p><a href="${escapeHtml(listHref(ticket))}">電子交付書面の一覧に戻る</a></p>`,
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
