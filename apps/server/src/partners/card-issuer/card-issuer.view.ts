import { CardIssuerPath } from '@fund/contracts/paths';
import { escapeHtml } from '../../html/escape-html.ts';
import { details, page } from '../partners.view.ts';

/** Pages of the card issuer simulator: Japanese, every echoed value escaped, no script (CSP). */

const siteName = 'セゾンカード（カード会社）';

export interface AuthorizeRequestView {
  readonly clientId: string;
  readonly responseType: string;
  readonly scope: string;
  readonly state: string;
  readonly redirectUri: string;
}

function hiddenFields(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function authorizeFields(request: AuthorizeRequestView): string {
  return hiddenFields({
    client_id: request.clientId,
    response_type: request.responseType,
    scope: request.scope,
    state: request.state,
    redirect_uri: request.redirectUri,
  });
}

function received(request: AuthorizeRequestView): string {
  return details([
    ['client_id', request.clientId],
    ['response_type', request.responseType],
    ['scope', request.scope],
    ['state', request.state],
    ['redirect_uri', request.redirectUri],
  ]);
}

export function renderAuthorize(request: AuthorizeRequestView, underMaintenance: boolean): string {
  const form = (action: string, label: string, secondary = false) =>
    [
      `<form method="post" action="${CardIssuerPath.authorize}">`,
      authorizeFields(request),
      `<input type="hidden" name="action" value="${action}">`,
      `<button class="button${secondary ? ' secondary' : ''}" type="submit">${escapeHtml(label)}</button>`,
      '</form>',
    ].join('\n');
  if (underMaintenance) {
    return page(
      siteName,
      'ただいまメンテナンス中です',
      [
        '<p class="error">カード会社のサービスはメンテナンス中のため、カードの連携やポイントのご利用はできません。</p>',
        '<p>デモでは、次のボタンでメンテナンスを終了できます（ポイント残高の照会も再開します）。</p>',
        form('end-maintenance', 'メンテナンスを終了する'),
        form('maintenance', 'メンテナンス中のままアプリに戻る', true),
        '<h2>アプリから受け取った値</h2>',
        received(request),
      ].join('\n'),
    );
  }
  return page(
    siteName,
    'カード連携の確認',
    [
      '<p>投資信託オンラインサービスが、お客さまのセゾンカードの情報（カード名・カード番号の下4桁・有効期限・ポイントの対象かどうか）の参照を求めています。</p>',
      '<p>本来はここでカード会社の会員IDとパスワードでログインします。デモでは結果を選んでください。</p>',
      '<ul class="choices">',
      `<li>${form('points-card', '連携を許可する（ポイント対象カード）')}</li>`,
      `<li>${form('non-points-card', '連携を許可する（ポイント対象外のカード）', true)}</li>`,
      `<li>${form('refuse', '連携を許可しない', true)}</li>`,
      `<li>${form('maintenance', 'カードサービスをメンテナンス中にする', true)}</li>`,
      '</ul>',
      '<h2>アプリから受け取った値</h2>',
      received(request),
    ].join('\n'),
  );
}

export function renderBadRequest(title: string, problems: readonly string[]): string {
  return page(
    siteName,
    title,
    [
      '<p class="error">リクエストの内容が正しくないため、処理できません。アプリからもう一度お進みください。</p>',
      '<ul>',
      ...problems.map((problem) => `<li>${escapeHtml(problem)}</li>`),
      '</ul>',
      '<p><a class="button" href="/">アプリに戻る</a></p>',
    ].join('\n'),
  );
}

export interface MfaView {
  readonly onetimeToken: string;
  readonly state: string;
  readonly redirectUri: string;
}

export function renderMfa(view: MfaView): string {
  const form = (action: string, label: string, secondary = false) =>
    [
      `<form method="post" action="${CardIssuerPath.mfa}">`,
      hiddenFields({ onetime_token: view.onetimeToken, state: view.state, redirect_uri: view.redirectUri }),
      `<input type="hidden" name="action" value="${action}">`,
      `<button class="button${secondary ? ' secondary' : ''}" type="submit">${escapeHtml(label)}</button>`,
      '</form>',
    ].join('\n');
  return page(
    siteName,
    '本人認証（多要素認証）',
    [
      '<p>カードの連携を完了するため、ご本人であることを確認します。本来はSMSや認証アプリのコードを入力します。</p>',
      '<p>デモでは結果を選んでください。</p>',
      '<ul class="choices">',
      `<li>${form('success', '認証する')}</li>`,
      `<li>${form('fail', '認証に失敗する', true)}</li>`,
      '</ul>',
      '<h2>アプリから受け取った値</h2>',
      details([
        ['onetime_token', `${view.onetimeToken.slice(0, 8)}…（先頭8文字のみ表示）`],
        ['state', view.state],
        ['redirect_uri', view.redirectUri],
      ]),
    ].join('\n'),
  );
}
