import type { CreditCard, LastLogIn, UnmaskedUser } from '@fund/contracts';
import { DocumentsPath, RootLoadingPath, SaisonConnectPath } from '@fund/contracts/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '../../config/env';
import { useUiStore } from '../../lib/store/ui-store';
import {
  creditCardFixture,
  documentReadTestPath,
  documentsFixture,
  documentTestPath,
  identityTestPath,
  mypageHandlers,
} from '../../test/msw/mypage-handlers';
import { rootLoadingAnswers } from '../../test/msw/root-loading-handlers';
import { answerFirstWith, apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

const settings = vi.hoisted(() => ({ globalSignOut: false }));
const signOut = vi.hoisted(() => vi.fn(async () => undefined));

vi.mock('../../config/env', async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  return {
    ...actual,
    env: {
      ...actual.env,
      get globalSignOut() {
        return settings.globalSignOut;
      },
    },
  };
});

// the sign-out itself (revocations, storage, reload) is proven in lib/auth/sign-out.test.ts
vi.mock('../../lib/auth/sign-out', () => ({ signOut }));

answerFirstWith(mypageHandlers);

// the page's chunk is compiled once before the tests, not inside the first one's time limit
beforeAll(async () => {
  await Promise.all([import('./mypage-page'), import('./mypage-loader')]);
}, 60_000);

beforeEach(() => {
  settings.globalSignOut = false;
  signOut.mockClear();
});

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

function answerRole(accountRole: UnmaskedUser['accountRole'], profile?: Partial<UnmaskedUser['profile']>) {
  const user = rootLoadingAnswers[RootLoadingPath.unmaskedUsers] as UnmaskedUser;
  apiServer.use(
    http.get(RootLoadingPath.unmaskedUsers, () =>
      HttpResponse.json({ ...user, accountRole, profile: { ...user.profile, ...profile } }),
    ),
  );
}

function answerError(path: string, status: number, code: string) {
  apiServer.use(http.get(path, () => HttpResponse.json({ code, message: 'サーバーの応答' }, { status })));
}

async function renderMyPage() {
  const view = renderApp('/mypage');
  // the first render loads the page's chunk: slower than the default second on a busy machine
  await screen.findByRole('heading', { level: 1, name: 'マイページ' }, { timeout: 5_000 });
  return view;
}

function block(name: string) {
  return screen.getByRole('region', { name });
}

/** Every block has answered: no skeleton left. */
async function settled() {
  await waitFor(() => expect(screen.queryByText(/を読み込んでいます$/)).not.toBeInTheDocument());
}

describe('my page: お客さま情報 and the role', () => {
  it('shows the name, 口座番号, 部店番号 and the kind of account; an adult has no agent', async () => {
    await renderMyPage();
    const profile = block('お客さま情報');
    expect(within(profile).getByText('お名前').nextSibling).toHaveTextContent('青木 健太');
    expect(within(profile).getByTestId('account-number')).toHaveTextContent('1234567');
    expect(within(profile).getByText('部店番号').nextSibling).toHaveTextContent('001');
    expect(within(profile).getByText('口座の種類').nextSibling).toHaveTextContent('個人口座');
    expect(within(profile).queryByRole('link', { name: /変更する/ })).not.toBeInTheDocument();
  });

  it('names a corporation as 法人名 and its 代表者 as who acts, with the way to change them', async () => {
    answerRole('CORPORATION', { lastName: '株式会社みどり商事', firstName: '' });
    await renderMyPage();
    const profile = block('お客さま情報');
    expect(within(profile).getByText('法人名')).toBeInTheDocument();
    expect(within(profile).getByText('口座の種類').nextSibling).toHaveTextContent('法人口座');
    expect(within(profile).getByRole('heading', { name: '代表者・お取引担当者' })).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: '代表者・お取引担当者を変更する' })).toHaveAttribute(
      'href',
      '/mypage/changeAgent',
    );
  });

  it.each([
    ['CHILD', '未成年者口座', '未成年者口座のお取引は、親権者さまが法定代理人として行います。'],
    [
      'JUNIOR_NISA',
      'ジュニアNISA口座',
      'ジュニアNISA口座のお取引・払出しのお手続きは、親権者さまが法定代理人として行います。',
    ],
  ] as const)(
    'shows a %s account as the child’s, with the parent as legal agent',
    async (role, label, text) => {
      answerRole(role);
      await renderMyPage();
      const profile = block('お客さま情報');
      expect(within(profile).getByText('口座名義人（お子さま）')).toBeInTheDocument();
      expect(within(profile).getByText('口座の種類').nextSibling).toHaveTextContent(label);
      expect(within(profile).getByRole('heading', { name: '親権者（法定代理人）' })).toBeInTheDocument();
      expect(within(profile).getByText(text)).toBeInTheDocument();
      expect(within(profile).getByRole('link', { name: '親権者（代理人）を変更する' })).toHaveAttribute(
        'href',
        '/mypage/changeAgent',
      );
    },
  );

  it('says calmly the profile could not be fetched when the root loading could not load it, with no role wording', async () => {
    answerError(RootLoadingPath.unmaskedUsers, 500, '500-000');
    await renderMyPage();
    const profile = block('お客さま情報');
    expect(within(profile).getByRole('status')).toHaveTextContent('お客さま情報を取得できませんでした。');
    expect(within(profile).getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    expect(within(profile).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('my page: loading', () => {
  it('shows each block’s skeleton while its call is on the way, the profile already shown', async () => {
    for (const path of [
      SaisonConnectPath.creditCard,
      SaisonConnectPath.accountTransferAccount,
      RootLoadingPath.lastLogIn,
      identityTestPath.userSessions,
      identityTestPath.userLoginAttempts,
      identityTestPath.userProfile,
    ]) {
      apiServer.use(http.get(path, () => delay('infinite')));
    }
    await renderMyPage();
    expect(within(block('お客さま情報')).getByTestId('account-number')).toBeInTheDocument();
    for (const label of [
      'クレジットカード',
      '口座振替の金融機関口座',
      '前回のログイン',
      'ログイン中の端末',
      'ログイン履歴',
      'メールアドレス',
    ]) {
      expect(screen.getByText(`${label}を読み込んでいます`)).toBeInTheDocument();
    }
  });
});

describe('my page: クレジットカード (GET creditCard)', () => {
  it('shows the card on file: name, last four digits, expiry, points and the day it was linked', async () => {
    await renderMyPage();
    await settled();
    const card = block('クレジットカード');
    expect(within(card).getByText('ご利用中')).toBeInTheDocument();
    expect(within(card).getByText('カード').nextSibling).toHaveTextContent('セゾンカードインターナショナル');
    expect(within(card).getByText('カード番号').nextSibling).toHaveTextContent('末尾 4242');
    expect(within(card).getByText('有効期限').nextSibling).toHaveTextContent('2029年3月');
    expect(within(card).getByText('ポイント').nextSibling).toHaveTextContent('ポイント対象カード');
    expect(within(card).getByText('登録日').nextSibling).toHaveTextContent('2025年4月10日');
    expect(within(card).getByRole('link', { name: '登録カードを変更する' })).toHaveAttribute(
      'href',
      '/saisonConnect',
    );
  });

  it.each([
    ['EXPIRED', '有効期限切れ', 'カードの有効期限が切れています。'],
    ['RE_REGISTRATION_REQUIRED', '再登録が必要です', 'ポイントのご利用には、カードの再登録が必要です。'],
  ] as const)('asks for the card again when it is %s', async (state, badge, text) => {
    apiServer.use(
      http.get(SaisonConnectPath.creditCard, () =>
        HttpResponse.json({
          creditCard: { ...creditCardFixture.creditCard, state },
        } satisfies CreditCard),
      ),
    );
    await renderMyPage();
    await settled();
    const card = block('クレジットカード');
    expect(within(card).getByText(badge)).toBeInTheDocument();
    expect(within(card).getByText(new RegExp(`^${text}`))).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'カードを再登録する' })).toHaveAttribute(
      'href',
      '/saisonConnect',
    );
  });

  it('shows 未登録 with the way to link a card when none is on file (400-100), without a toast', async () => {
    answerError(SaisonConnectPath.creditCard, 400, '400-100');
    await renderMyPage();
    await settled();
    const card = block('クレジットカード');
    expect(within(card).getByText('未登録')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'カードを登録する' })).toHaveAttribute(
      'href',
      '/saisonConnect',
    );
    expect(useUiStore.getState().toast).toBeNull();
  });

  it('says calmly the card could not be fetched while the call is missing (404), and retries', async () => {
    answerError(SaisonConnectPath.creditCard, 404, '404');
    await renderMyPage();
    await settled();
    const card = block('クレジットカード');
    expect(within(card).getByRole('status')).toHaveTextContent(
      'クレジットカードの情報を取得できませんでした。時間をおいて再度お試しください。',
    );
    expect(useUiStore.getState().toast).toBeNull();
    // the rest of the page still works
    expect(within(block('口座振替の金融機関口座')).getByText('みらい銀行')).toBeInTheDocument();
    apiServer.resetHandlers();
    apiServer.use(...mypageHandlers);
    await userEvent.click(within(card).getByRole('button', { name: '再読み込み' }));
    expect(await within(card).findByText('末尾 4242')).toBeInTheDocument();
  });
});

describe('my page: 口座振替の金融機関口座 (GET accountTransfer account)', () => {
  it('shows the bank, branch, 預金種目, the last digits and the holder', async () => {
    await renderMyPage();
    await settled();
    const bank = block('口座振替の金融機関口座');
    expect(within(bank).getByText('金融機関').nextSibling).toHaveTextContent('みらい銀行金融機関コード 0005');
    expect(within(bank).getByText('支店').nextSibling).toHaveTextContent('本店営業部支店コード 123');
    expect(within(bank).getByText('預金種目').nextSibling).toHaveTextContent('普通');
    expect(within(bank).getByText('口座番号').nextSibling).toHaveTextContent('末尾 567');
    expect(within(bank).getByText('口座名義').nextSibling).toHaveTextContent('アオキ ケンタ');
  });

  it('shows 未登録 and where to register (the paper form from the support window) on 400-666', async () => {
    answerError(SaisonConnectPath.accountTransferAccount, 400, '400-666');
    await renderMyPage();
    await settled();
    const bank = block('口座振替の金融機関口座');
    expect(within(bank).getByText('未登録')).toBeInTheDocument();
    expect(within(bank).getByText(/「預金口座振替依頼書」で承ります/)).toBeInTheDocument();
    expect(within(bank).getByRole('link', { name: /^0\d/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(useUiStore.getState().toast).toBeNull();
  });

  it('says calmly the account could not be fetched while the call is missing (404)', async () => {
    answerError(SaisonConnectPath.accountTransferAccount, 404, '404');
    await renderMyPage();
    await settled();
    expect(within(block('口座振替の金融機関口座')).getByRole('status')).toHaveTextContent(
      '口座振替の金融機関口座を取得できませんでした。',
    );
    expect(useUiStore.getState().toast).toBeNull();
  });
});

describe('my page: 電子交付書面', () => {
  it('lists every kind of document in one list, newest first, with its kind and 交付日', async () => {
    // the server's order, shuffled: the list still shows the newest 交付日 first
    const [trade, balance, annual] = documentsFixture.documents;
    apiServer.use(
      http.get(DocumentsPath.list, () => HttpResponse.json({ documents: [annual, trade, balance] })),
    );
    await renderMyPage();
    const documents = block('電子交付書面');
    const list = await within(documents).findByRole('list', { name: '電子交付書面の一覧' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^取引報告書（セゾン・グローバル 買付 2026年11月20日約定） 交付日 2026年11月25日 +未読 取引報告書 *$/,
      ),
      expect.stringMatching(
        /^取引残高報告書（2026年9月30日現在） 交付日 2026年10月1日 +未読 取引残高報告書 *$/,
      ),
      expect.stringMatching(
        /^特定口座年間取引報告書（2025年分） 交付日 2026年1月20日 +特定口座年間取引報告書 *$/,
      ),
    ]);
    expect(within(documents).queryByTitle(/電子交付書面/)).not.toBeInTheDocument(); // no frame any more
  });

  it('opens a document in the page, focused on its title, and goes back to the list', async () => {
    await renderMyPage();
    const documents = block('電子交付書面');
    await userEvent.click(
      await within(documents).findByRole('button', { name: /取引残高報告書（2026年9月30日現在）/ }),
    );
    const heading = within(documents).getByRole('heading', {
      level: 3,
      name: '取引残高報告書（2026年9月30日現在）',
    });
    expect(heading).toHaveFocus();
    const opened = within(documents).getByRole('region', { name: '取引残高報告書（2026年9月30日現在）' });
    // the document as issued, its table kept by the sanitiser
    expect(await within(opened).findByRole('cell', { name: '青木 健太 様' })).toBeInTheDocument();
    expect(within(opened).getByRole('table')).toHaveTextContent('お客さま');
    expect(within(opened).getByText('交付日', { exact: false, selector: 'p' })).toHaveTextContent(
      '取引残高報告書 交付日 2026年10月1日',
    );
    await userEvent.click(within(documents).getByRole('button', { name: '一覧に戻る' }));
    expect(within(documents).getByRole('list', { name: '電子交付書面の一覧' })).toBeInTheDocument();
    // back on the row it opened
    expect(
      within(documents).getByRole('button', { name: /取引残高報告書（2026年9月30日現在）/ }),
    ).toHaveFocus();
  });

  it('marks the documents not opened yet 未読, and only those', async () => {
    await renderMyPage();
    const list = await within(block('電子交付書面')).findByRole('list', { name: '電子交付書面の一覧' });
    const unread = within(list)
      .getAllByRole('button')
      .filter((row) => within(row).queryByText('未読') !== null)
      .map((row) => row.querySelector('.ui-list-row__title')?.textContent);
    expect(unread).toEqual([
      '取引報告書（セゾン・グローバル 買付 2026年11月20日約定）',
      '取引残高報告書（2026年9月30日現在）',
    ]);
  });

  it('marks an unread document read once as it opens: its 未読 badge is gone back in the list', async () => {
    const marked: string[] = [];
    apiServer.events.on('request:start', recordMark);
    function recordMark({ request }: { request: Request }) {
      if (request.method === 'PUT') marked.push(new URL(request.url).pathname);
    }
    try {
      await renderMyPage();
      const documents = block('電子交付書面');
      const row = await within(documents).findByRole('button', {
        name: /取引残高報告書（2026年9月30日現在）/,
      });
      expect(row).toHaveTextContent('未読');
      await userEvent.click(row);
      expect(await within(documents).findByRole('cell', { name: '青木 健太 様' })).toBeInTheDocument();
      // the fixture's 取引残高報告書
      await waitFor(() =>
        expect(marked).toEqual(['/v1/documents/0193a000-0000-7000-8000-000000000002/read']),
      );
      await userEvent.click(within(documents).getByRole('button', { name: '一覧に戻る' }));
      const back = within(documents).getByRole('button', { name: /取引残高報告書（2026年9月30日現在）/ });
      expect(back).not.toHaveTextContent('未読');
      // opened again, and a document read before: no second call
      await userEvent.click(back);
      await userEvent.click(within(documents).getByRole('button', { name: '一覧に戻る' }));
      await userEvent.click(
        within(documents).getByRole('button', { name: /特定口座年間取引報告書（2025年分）/ }),
      );
      expect(await within(documents).findByRole('cell', { name: '青木 健太 様' })).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(marked).toHaveLength(1);
    } finally {
      apiServer.events.removeListener('request:start', recordMark);
    }
  });

  it('keeps a document 未読 when marking it read fails, without a toast', async () => {
    apiServer.use(
      http.put(documentReadTestPath, () =>
        HttpResponse.json({ code: '500-000', message: 'サーバーの応答' }, { status: 500 }),
      ),
    );
    await renderMyPage();
    const documents = block('電子交付書面');
    await userEvent.click(
      await within(documents).findByRole('button', { name: /取引残高報告書（2026年9月30日現在）/ }),
    );
    expect(await within(documents).findByRole('cell', { name: '青木 健太 様' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await userEvent.click(within(documents).getByRole('button', { name: '一覧に戻る' }));
    expect(
      within(documents).getByRole('button', { name: /取引残高報告書（2026年9月30日現在）/ }),
    ).toHaveTextContent('未読');
    expect(useUiStore.getState().toast).toBeNull();
  });

  it('shows ten documents and the rest on request', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({
      ...documentsFixture.documents[0],
      id: `0193a000-0000-7000-8000-0000000001${String(index).padStart(2, '0')}`,
      title: `取引報告書（${index + 1}件目）`,
      issuedOn: `2026-10-${String(index + 10).padStart(2, '0')}`,
    }));
    apiServer.use(http.get(DocumentsPath.list, () => HttpResponse.json({ documents: many })));
    await renderMyPage();
    const documents = block('電子交付書面');
    const list = await within(documents).findByRole('list', { name: '電子交付書面の一覧' });
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent('取引報告書（12件目）');
    await userEvent.click(within(documents).getByRole('button', { name: 'さらに表示（残り2件）' }));
    expect(within(list).getAllByRole('button')).toHaveLength(12);
    // the oldest, opened and closed: the list comes back with all twelve rows, on that row
    await userEvent.click(within(list).getByRole('button', { name: /取引報告書（1件目）/ }));
    await userEvent.click(within(documents).getByRole('button', { name: '一覧に戻る' }));
    const again = within(documents).getByRole('list', { name: '電子交付書面の一覧' });
    expect(within(again).getAllByRole('button')).toHaveLength(12);
    expect(within(again).getByRole('button', { name: /取引報告書（1件目）/ })).toHaveFocus();
  });

  it('says so calmly when no document has been issued yet', async () => {
    apiServer.use(http.get(DocumentsPath.list, () => HttpResponse.json({ documents: [] })));
    await renderMyPage();
    const documents = block('電子交付書面');
    expect(await within(documents).findByText('交付された書面はまだありません。')).toBeInTheDocument();
    expect(within(documents).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says the list could not be fetched, without a toast, and retries', async () => {
    answerError(DocumentsPath.list, 500, '500-000');
    await renderMyPage();
    const documents = block('電子交付書面');
    expect(await within(documents).findByText(/電子交付書面を取得できませんでした。/)).toBeInTheDocument();
    expect(useUiStore.getState().toast).toBeNull();
    apiServer.resetHandlers();
    apiServer.use(...mypageHandlers);
    await userEvent.click(within(documents).getByRole('button', { name: '再読み込み' }));
    expect(await within(documents).findByRole('list', { name: '電子交付書面の一覧' })).toBeInTheDocument();
  });

  it('says a document could not be fetched, and still goes back to the list', async () => {
    answerError(documentTestPath, 500, '500-000');
    await renderMyPage();
    const documents = block('電子交付書面');
    await userEvent.click(
      await within(documents).findByRole('button', { name: /特定口座年間取引報告書（2025年分）/ }),
    );
    expect(await within(documents).findByText(/書面の内容を取得できませんでした。/)).toBeInTheDocument();
    await userEvent.click(within(documents).getByRole('button', { name: '一覧に戻る' }));
    expect(within(documents).getByRole('list', { name: '電子交付書面の一覧' })).toBeInTheDocument();
  });
});

describe('my page: ログインとセキュリティ', () => {
  function answerLastLogIn(answer: LastLogIn) {
    apiServer.use(http.get(RootLoadingPath.lastLogIn, () => HttpResponse.json(answer)));
  }

  it('shows the last sign-in in Japan time, the signed-in apps and the recent sign-ins', async () => {
    answerLastLogIn({ lastLogIn: { at: '2026-11-24T23:30:00.000Z' } });
    await renderMyPage();
    await settled();
    const security = block('ログインとセキュリティ');
    expect(within(security).getByTestId('last-sign-in')).toHaveTextContent('2026年11月25日 8:30');
    const sessions = within(security).getByRole('list', { name: 'ログイン中の端末' });
    expect(
      within(sessions)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual([
      '投資信託 オンラインサービス（Web） ログイン 2026年11月25日 9:05／最終利用 2026年11月25日 9:15',
      '投資信託 端末アプリ ログイン 2026年11月20日 19:00／最終利用 ―',
    ]);
    const history = within(security).getByRole('list', { name: '最近のログイン履歴' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
      '2026年11月25日 9:05 iPhone・Safari 成功',
    );
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent('失敗（パスワード誤り）');
  });

  it('says calmly there is no earlier sign-in on record (400-000) and greets a first sign-in', async () => {
    answerError(RootLoadingPath.lastLogIn, 400, '400-000');
    const first = await renderMyPage();
    await settled();
    expect(screen.getByTestId('last-sign-in')).toHaveTextContent('前回のログインの記録はありません。');
    expect(useUiStore.getState().toast).toBeNull();
    first.unmount();

    answerLastLogIn({ lastLogIn: null });
    await renderMyPage();
    await settled();
    expect(screen.getByTestId('last-sign-in')).toHaveTextContent('今回が初めてのログインです。');
  });

  it('keeps the page when the identity service does not answer, saying which part is missing', async () => {
    answerError(identityTestPath.userSessions, 500, '500-000');
    apiServer.use(http.get(identityTestPath.userLoginAttempts, () => HttpResponse.error()));
    await renderMyPage();
    await settled();
    const security = block('ログインとセキュリティ');
    expect(
      within(security).getByText('ログイン中の端末を取得できませんでした。時間をおいて再度お試しください。'),
    );
    expect(
      within(security).getByText('ログイン履歴を取得できませんでした。時間をおいて再度お試しください。'),
    );
  });

  it('links every security setting to the identity service’s own pages, in a new tab', async () => {
    await renderMyPage();
    const security = block('ログインとセキュリティ');
    const links = [
      ['ログイン中の端末・ログイン履歴を管理する', '/auth/v1/account'],
      ['パスワードを変更する', '/auth/v1/account/password'],
      ['パスキーを登録する', '/auth/v1/account/passkeys/new'],
      ['認証アプリを設定する', '/auth/v1/account/totp'],
      ['メールによる確認コードを設定する', '/auth/v1/account/email-otp'],
    ] as const;
    for (const [name, path] of links) {
      const link = within(security).getByRole('link', { name: new RegExp(`^${name}`) });
      expect(link).toHaveAttribute('href', `${window.location.origin}${path}`);
      expect(link).toHaveAttribute('target', '_blank');
    }
  });
});

describe('my page: メールでのお知らせ', () => {
  it('shows where mails go and which are sent, read-only, and the way to change the address', async () => {
    await renderMyPage();
    await settled();
    const notifications = block('メールでのお知らせ');
    expect(within(notifications).getByTestId('mail-address')).toHaveTextContent('aoki@example.jp');
    expect(within(notifications).getByText('ログインのお知らせ（ログインのたび）')).toBeInTheDocument();
    expect(within(notifications).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(notifications).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(notifications).getByRole('link', { name: 'お知らせ' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(notifications).getByRole('link', { name: /メールアドレスを変更する/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/auth/v1/account/email`,
    );
  });

  it('says the address could not be fetched when the identity profile fails', async () => {
    answerError(identityTestPath.userProfile, 500, '500-000');
    await renderMyPage();
    await settled();
    expect(within(block('メールでのお知らせ')).getByRole('status')).toHaveTextContent(
      'メールアドレスを取得できませんでした。',
    );
  });
});

describe('my page: お問い合わせ', () => {
  it('shows the call centre with phone, fax, mail and business hours', async () => {
    await renderMyPage();
    const support = block('お問い合わせ');
    expect(within(support).getByText('電話')).toBeInTheDocument();
    expect(within(support).getByText('FAX')).toBeInTheDocument();
    expect(within(support).getByText('メール')).toBeInTheDocument();
    expect(within(support).getByText('9:00〜17:00')).toBeInTheDocument();
    expect(within(support).getByText('土日・祝日・年末年始を除く')).toBeInTheDocument();
  });
});

describe('my page: ログアウト', () => {
  it('signs out of this device; other devices are ended on the identity service’s page', async () => {
    await renderMyPage();
    const signOutBlock = block('ログアウト');
    expect(within(signOutBlock).queryByRole('button', { name: 'すべての端末からログアウト' })).toBeNull();
    expect(within(signOutBlock).getByRole('link', { name: /ログイン中の端末の管理/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/auth/v1/account`,
    );
    await userEvent.click(within(signOutBlock).getByRole('button', { name: 'ログアウト' }));
    expect(signOut).toHaveBeenCalledWith({ everywhere: false });
  });

  it('with global sign-out on, offers this device or every device (user.session.revoke.self)', async () => {
    settings.globalSignOut = true;
    await renderMyPage();
    const signOutBlock = block('ログアウト');
    await userEvent.click(within(signOutBlock).getByRole('button', { name: 'すべての端末からログアウト' }));
    expect(signOut).toHaveBeenCalledWith({ everywhere: true });
    expect(within(signOutBlock).getByRole('button', { name: 'この端末からログアウト' })).toBeDisabled();
  });

  it('with global sign-out on, signing out of this device only does not end the others', async () => {
    settings.globalSignOut = true;
    await renderMyPage();
    await userEvent.click(
      within(block('ログアウト')).getByRole('button', { name: 'この端末からログアウト' }),
    );
    expect(signOut).toHaveBeenCalledWith({ everywhere: false });
  });
});
