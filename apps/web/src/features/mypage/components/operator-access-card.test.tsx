import type { OperatorAccesses } from '@fund/contracts';
import { OperatorAccessPath } from '@fund/contracts/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useUiStore } from '../../../lib/store/ui-store';
import { mypageHandlers } from '../../../test/msw/mypage-handlers';
import { operatorAccessesFixture } from '../../../test/msw/operator-access-handlers';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import { renderApp } from '../../../test/render-app';

answerFirstWith(mypageHandlers);

// the page's chunk is compiled once before the tests, not inside the first one's time limit
beforeAll(async () => {
  await Promise.all([import('../mypage-page'), import('../mypage-loader')]);
}, 60_000);

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

async function accessBlock() {
  renderApp('/mypage');
  return screen.findByRole('region', { name: '担当者による閲覧の記録' }, { timeout: 5_000 });
}

function visit(day: number, areas: OperatorAccesses['accesses'][number]['areas']) {
  const at = `2026-10-${String(day).padStart(2, '0')}T01:00:00.000Z`;
  return { date: at.slice(0, 10), firstAt: at, lastAt: at, actor: 'コールセンター担当者', areas };
}

describe('my page: 担当者による閲覧の記録 (decision 025)', () => {
  it('lists each visit with its day and times in Japan, who, and what was viewed in the screens’ words', async () => {
    const block = await accessBlock();
    const rows = await within(block).findAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('2026年11月20日(金) 9:05〜9:40');
    expect(rows[0]).toHaveTextContent('コールセンター担当者が閲覧：資産・取引履歴');
  });

  it('shows a single time when the visit was one call, and every area’s wording', async () => {
    apiServer.use(
      http.get(OperatorAccessPath.list, () =>
        HttpResponse.json({
          accesses: [
            visit(3, ['orders', 'documents', 'payment', 'account', 'notices', 'security', 'funds', 'other']),
          ],
          paging: { page: 1, pageSize: 5, total: 1 },
        } satisfies OperatorAccesses),
      ),
    );
    const block = await accessBlock();
    const row = await within(block).findByRole('listitem');
    expect(row).toHaveTextContent('2026年10月3日(土) 10:00');
    expect(row).not.toHaveTextContent('〜');
    expect(row).toHaveTextContent(
      '注文・積立・電子交付書面・お支払い方法・お客さま情報・お知らせ・ログイン・セキュリティ情報・ファンド情報・その他',
    );
  });

  it('says calmly that there is no record when no operator viewed the account', async () => {
    apiServer.use(
      http.get(OperatorAccessPath.list, () =>
        HttpResponse.json({ accesses: [], paging: { page: 1, pageSize: 5, total: 0 } }),
      ),
    );
    const block = await accessBlock();
    expect(await within(block).findByText('担当者による閲覧の記録はありません。')).toBeInTheDocument();
    expect(within(block).queryByRole('list')).not.toBeInTheDocument();
  });

  it(
    'says in place what it could not show when the call fails, without a toast, and retries',
    { timeout: 15_000 },
    async () => {
      // failing until the customer retries (a GET is retried once by the client, so a flag, not a count)
      let failing = true;
      apiServer.use(
        http.get(OperatorAccessPath.list, () =>
          failing
            ? HttpResponse.json({ code: '500-000', message: 'サーバーの応答' }, { status: 500 })
            : HttpResponse.json(operatorAccessesFixture),
        ),
      );
      const block = await accessBlock();
      expect(
        await within(block).findByText(
          '担当者による閲覧の記録を取得できませんでした。時間をおいて再度お試しください。',
          {},
          { timeout: 5_000 },
        ),
      ).toBeInTheDocument();
      expect(useUiStore.getState().toast).toBeNull();
      // the other blocks keep working
      expect(await screen.findByRole('region', { name: 'ログインとセキュリティ' })).toBeInTheDocument();
      failing = false;
      await userEvent.click(within(block).getByRole('button', { name: '再読み込み' }));
      expect(await within(block).findByText(/コールセンター担当者が閲覧/)).toBeInTheDocument();
    },
  );

  it('shows five visits, newest first, and the next five on 「さらに表示」', async () => {
    const pages: Record<string, OperatorAccesses> = {
      '1': {
        accesses: [25, 24, 23, 22, 21].map((day) => visit(day, ['assets'])),
        paging: { page: 1, pageSize: 5, total: 7 },
      },
      '2': {
        accesses: [20, 19].map((day) => visit(day, ['history'])),
        paging: { page: 2, pageSize: 5, total: 7 },
      },
    };
    const asked: string[] = [];
    apiServer.use(
      http.get(OperatorAccessPath.list, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('page')}/${query.get('pageSize')}`);
        return HttpResponse.json(pages[query.get('page') ?? '']);
      }),
    );
    const block = await accessBlock();
    await waitFor(() => expect(within(block).getAllByRole('listitem')).toHaveLength(5));
    expect(within(block).getAllByRole('listitem')[0]).toHaveTextContent('2026年10月25日');
    await userEvent.click(within(block).getByRole('button', { name: 'さらに表示' }));
    await waitFor(() => expect(within(block).getAllByRole('listitem')).toHaveLength(7));
    expect(within(block).getAllByRole('listitem')[6]).toHaveTextContent('2026年10月19日');
    expect(within(block).queryByRole('button', { name: 'さらに表示' })).not.toBeInTheDocument();
    expect(asked).toEqual(['1/5', '2/5']);
  });
});
