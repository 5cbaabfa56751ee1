import type { Assets, FundDetail, SaisonConnectPoint, UnmaskedUser } from '@fund/contracts';
import {
  AssetsPath,
  FundsPath,
  HistoryPath,
  RootLoadingPath,
  SaisonConnectPath,
} from '@fund/contracts/paths';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrivacyStore } from '../../../lib/privacy/privacy-store';
import { buyFundFixture, buyHandlers } from '../../../test/msw/buy-handlers';
import { nisaAssetsFixture, nisaStatusFixture } from '../../../test/msw/nisa-handlers';
import { rootLoadingAnswers } from '../../../test/msw/root-loading-handlers';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { renderApp } from '../../../test/render-app';

answerFirstWith(buyHandlers);

const inputPath = '/trading/buy/DEMOF003/input';

function signInAs(accountRole: UnmaskedUser['accountRole']) {
  apiServer.use(
    http.get(RootLoadingPath.unmaskedUsers, () =>
      HttpResponse.json({
        ...(rootLoadingAnswers[RootLoadingPath.unmaskedUsers] as UnmaskedUser),
        accountRole,
      } satisfies UnmaskedUser),
    ),
  );
}

function answerFund(fund: Partial<FundDetail['fund']> = {}) {
  apiServer.use(
    http.get(FundsPath.fund, () => HttpResponse.json({ fund: { ...buyFundFixture.fund, ...fund } })),
  );
}

function answerCash(cashBalance: string) {
  apiServer.use(
    http.get(AssetsPath.assets, () =>
      HttpResponse.json({ ...nisaAssetsFixture, cashBalance } satisfies Assets),
    ),
  );
}

function answerPoints(balance: string) {
  apiServer.use(
    http.get(SaisonConnectPath.point, () =>
      HttpResponse.json({ point: { balance, asOf: '2026-11-26' } } satisfies SaisonConnectPoint),
    ),
  );
}

async function renderInput(path = inputPath) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: '購入金額の入力' });
  return view;
}

const amountBox = () => screen.findByRole('textbox', { name: /購入金額/ });
const next = () => screen.getByRole('button', { name: '確認画面へ進む' });

afterEach(() => {
  act(() => usePrivacyStore.getState().setAmountsHidden(false));
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('buy input: the fund, the amount and the way to confirm', () => {
  it('shows the fund, its latest 基準価額 with its date, お預り金 and the points, and goes to confirm with the draft in the URL', async () => {
    answerFund();
    answerCash('4524842');
    answerPoints('1500');
    const { router } = await renderInput();
    expect(
      await screen.findByRole('region', { name: 'みなと日本株式インデックスファンド' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('fund-nav')).toHaveTextContent('38,573円');
    expect(screen.getByTestId('fund-nav')).toHaveTextContent('2026年11月26日');
    expect(await screen.findByTestId('cash-balance')).toHaveTextContent('4,524,842円');
    expect(await screen.findByText('1,500ポイント')).toBeInTheDocument();
    expect(screen.getByText(/クレジットカードではお支払いいただけません/)).toBeInTheDocument();
    await userEvent.type(await amountBox(), '50000');
    expect(await amountBox()).toHaveValue('50,000');
    await userEvent.click(next());
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/buy/DEMOF003/confirm'));
    expect(router.state.location.search).toBe('?type=AMOUNT&amount=50000&account=specific');
  });

  it('buys by units: 口数指定 sends units, and points are not offered', async () => {
    answerFund();
    answerCash('0');
    const { router } = await renderInput();
    await userEvent.click(await screen.findByRole('radio', { name: '口数指定' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /購入口数/ }), '100000');
    expect(screen.getByText('ポイントは金額指定のご購入でご利用いただけます。')).toBeInTheDocument();
    await userEvent.click(next());
    await waitFor(() =>
      expect(router.state.location.search).toBe('?type=QUANTITY&units=100000&account=specific'),
    );
  });

  it('keeps the customer on the page with a message when the amount is empty or above the お預り金', async () => {
    answerFund();
    answerCash('30000');
    const { router } = await renderInput();
    await screen.findByTestId('cash-balance');
    await userEvent.click(next());
    expect(await screen.findByText('購入金額を入力してください')).toBeInTheDocument();
    await userEvent.type(await amountBox(), '50000');
    expect(await screen.findByText(/お預り金（30,000円）が不足しています/)).toBeInTheDocument();
    await userEvent.click(next());
    expect(router.state.location.pathname).toBe(inputPath);
  });

  it('holds the page until the fund is there (the route loader), then shows the form without a skeleton', async () => {
    apiServer.use(
      http.get(FundsPath.fund, async () => {
        await delay(200);
        return HttpResponse.json(buyFundFixture);
      }),
    );
    await renderInput();
    expect(screen.queryByText('ファンドの情報を読み込んでいます')).not.toBeInTheDocument();
    expect(await amountBox()).toBeInTheDocument();
  });

  it('shows an error with a retry when the fund cannot be read, and the form after the retry', async () => {
    apiServer.use(
      http.get(FundsPath.fund, () => HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 }), {
        once: true,
      }),
      http.get(FundsPath.fund, () => HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 }), {
        once: true,
      }),
    );
    await renderInput();
    expect(await screen.findByText('ファンドの情報を表示できませんでした。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await amountBox()).toBeInTheDocument();
  });

  it('masks お預り金 and the points while the privacy toggle is on', async () => {
    answerFund();
    answerCash('4524842');
    answerPoints('1500');
    act(() => usePrivacyStore.getState().setAmountsHidden(true));
    await renderInput();
    expect(await screen.findByTestId('cash-balance')).not.toHaveTextContent('4,524,842円');
    expect(screen.queryByText('1,500ポイント')).not.toBeInTheDocument();
    // the market price stays visible
    expect(screen.getByTestId('fund-nav')).toHaveTextContent('38,573円');
  });

  it('keeps the figures and marks the amount when the customer comes back from a refusal (400-205)', async () => {
    answerFund();
    await renderInput(`${inputPath}?type=AMOUNT&amount=70000&account=general&refusal=400-205`);
    expect(await amountBox()).toHaveValue('70,000');
    expect(screen.getByRole('radio', { name: /^一般口座/ })).toBeChecked();
    expect(await screen.findByText(/お預り金が不足しています/)).toBeInTheDocument();
  });
});

describe('buy input: the prospectus', () => {
  it('blocks the next step until the current 交付目論見書 is confirmed, then lets the customer go on', async () => {
    answerFund({
      prospectus: { ...buyFundFixture.fund.prospectus, version: 3, confirmed: false },
    });
    const keys: (string | null)[] = [];
    apiServer.use(
      http.post(FundsPath.prospectusConfirmations, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(
          { fundCode: 'DEMOF003', version: 3, confirmedAt: '2026-11-26T01:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    await renderInput();
    const notice = await screen.findByRole('region', { name: '交付目論見書のご確認' });
    expect(within(notice).getByRole('link', { name: /交付目論見書を読む/ })).toHaveAttribute(
      'href',
      'https://funds.example.jp/DEMOF003/prospectus-v2.pdf',
    );
    expect(next()).toBeDisabled();
    expect(screen.getByText('交付目論見書をご確認いただくと、次へ進めます。')).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: '交付目論見書の内容を確認しました' }));
    await waitFor(() => expect(next()).toBeEnabled());
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(screen.queryByRole('region', { name: '交付目論見書のご確認' })).not.toBeInTheDocument();
  });

  it('does not offer the buy of a fund that takes no buys', async () => {
    answerFund({ salesStatus: 'SUSPENDED' });
    await renderInput();
    expect(
      await screen.findByText(/このファンドは現在ご購入いただけません（買付停止中）/),
    ).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });
});

describe('buy input: the account by role and the NISA room', () => {
  it('offers an adult 特定口座, 一般口座 and 成長投資枠 with the room of the 受渡日 year, and says つみたて投資枠 is for 積立 only', async () => {
    signInAs('ADULT');
    answerFund();
    apiServer.use(http.get(HistoryPath.nisaStatusByYear, () => HttpResponse.json(nisaStatusFixture(2026))));
    await renderInput();
    const group = await screen.findByRole('group', { name: '口座区分' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      expect.stringContaining('特定口座'),
      expect.stringContaining('一般口座'),
      expect.stringContaining('NISA 成長投資枠'),
    ]);
    expect(await within(group).findByTestId('nisa-room')).toHaveTextContent(
      '2026年（受渡日の年）の成長投資枠の残り 1,880,000円',
    );
    expect(screen.getByText(/つみたて投資枠は積立（定期購入）専用/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '積立を設定する' })).toHaveAttribute(
      'href',
      '/trading/scheduledBuy/DEMOF003/inputType',
    );
  });

  it('does not let an adult without a NISA account choose 成長投資枠', async () => {
    signInAs('ADULT');
    answerFund();
    apiServer.use(
      http.get(HistoryPath.nisaStatusByYear, () =>
        HttpResponse.json({ code: '400-666', message: 'x' }, { status: 400 }),
      ),
    );
    await renderInput();
    expect(await screen.findByText('NISA口座をお持ちでないため、お選びいただけません')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /NISA 成長投資枠/ })).toBeDisabled();
  });

  it('refuses 口数指定 in NISA with a message at the account', async () => {
    signInAs('ADULT');
    answerFund();
    await renderInput();
    await userEvent.click(await screen.findByRole('radio', { name: /NISA 成長投資枠/ }));
    await userEvent.click(screen.getByRole('radio', { name: '口数指定' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /購入口数/ }), '1000');
    await userEvent.click(next());
    expect(await screen.findByText('NISA成長投資枠では金額指定でご購入ください')).toBeInTheDocument();
  });

  it('offers a corporation 一般口座 only and says why', async () => {
    signInAs('CORPORATION');
    answerFund();
    await renderInput();
    const group = await screen.findByRole('group', { name: '口座区分' });
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(within(group).getByRole('radio', { name: /一般口座/ })).toBeChecked();
    expect(screen.getByText(/法人口座のお取引は一般口座となります/)).toBeInTheDocument();
  });

  it('offers a child 特定口座 only and says why', async () => {
    signInAs('CHILD');
    answerFund();
    await renderInput();
    const group = await screen.findByRole('group', { name: '口座区分' });
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(within(group).getByRole('radio', { name: /特定口座/ })).toBeChecked();
    expect(screen.getByText(/未成年口座のお取引は特定口座となります/)).toBeInTheDocument();
  });

  it('explains to a junior NISA customer that no new purchase is possible, without a form', async () => {
    signInAs('JUNIOR_NISA');
    await renderInput();
    expect(
      await screen.findByText('ジュニアNISA口座のお客さまは、新たにご購入いただけません。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '確認画面へ進む' })).not.toBeInTheDocument();
  });
});

describe('buy input: points', () => {
  it('uses points from 200 in steps of 100 and shows their yen value (100 points = 450 yen)', async () => {
    answerFund();
    answerCash('100000');
    answerPoints('1500');
    const { router } = await renderInput();
    await userEvent.type(await amountBox(), '50000');
    await userEvent.click(await screen.findByRole('radio', { name: '使う' }));
    const points = screen.getByRole('textbox', { name: /ご利用ポイント/ });
    await userEvent.type(points, '250');
    await userEvent.click(next());
    expect(await screen.findByText('ご利用ポイントは100ポイント単位で入力してください')).toBeInTheDocument();
    await userEvent.clear(points);
    await userEvent.type(points, '1600');
    expect(
      await screen.findByText('ご利用ポイントは1,500ポイントまでで入力してください（ご利用可能なポイント）'),
    ).toBeInTheDocument();
    await userEvent.clear(points);
    await userEvent.type(points, '200');
    expect(screen.getByTestId('points-value')).toHaveTextContent('900円');
    await userEvent.click(next());
    await waitFor(() =>
      expect(router.state.location.search).toBe('?type=AMOUNT&amount=50000&account=specific&points=200'),
    );
  });

  it('says points start at 200 when the balance is below it', async () => {
    answerFund();
    answerPoints('150');
    await renderInput();
    expect(await screen.findByText('ポイントは200ポイントからご利用いただけます。')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '使う' })).not.toBeInTheDocument();
  });

  it.each([
    ['400-100', /クレジットカードが登録されていません/, { link: 'カードを登録する' }],
    ['400-101', /ポイント対象カードの再登録が必要です/, { link: 'カードを再登録する' }],
    ['400-103', /ポイント対象カードの再登録が必要です/, { link: 'カードを再登録する' }],
    ['400-102', /ポイント対象のクレジットカードが必要です/, { disabled: '対象外' }],
    ['400-503', /メンテナンス中のため/, { disabled: 'メンテナンス中' }],
    ['400-999', /メンテナンス中のため/, { disabled: 'メンテナンス中' }],
  ] as const)(
    'answers the point call’s %s with the spec §8 message and button',
    async (code, message, button) => {
      answerFund();
      apiServer.use(
        http.get(SaisonConnectPath.point, () => HttpResponse.json({ code, message: 'x' }, { status: 400 })),
      );
      await renderInput();
      expect(await screen.findByText(message)).toBeInTheDocument();
      if ('link' in button)
        expect(screen.getByRole('link', { name: button.link })).toHaveAttribute('href', '/saisonConnect');
      else expect(screen.getByRole('button', { name: button.disabled })).toBeDisabled();
      // the buy itself goes on without points
      expect(next()).toBeEnabled();
    },
  );
});
