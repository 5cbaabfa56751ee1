import { FundLifePath } from '@fund/contracts/paths';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { totalReturnsFixture } from '../../test/msw/assets-handlers';
import { apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

// Issue 28 point 6: each fund's トータルリターン and the total, funds no longer held apart, the definition.
describe('トータルリターン', () => {
  it('total-return-shows-each-fund-the-total-and-the-funds-no-longer-held-apart', async () => {
    renderApp('/assets/totalReturn');
    await screen.findByRole('heading', { level: 1, name: 'トータルリターン' }, { timeout: 8000 });
    const total = screen.getByRole('region', { name: 'すべてのファンドの合計' });
    expect(within(total).getByText('+122,345円')).toBeInTheDocument();
    const held = screen.getByRole('region', { name: '保有中のファンド' });
    expect(within(held).getByRole('heading', { name: 'さくらグローバルバランス' })).toBeInTheDocument();
    expect(within(held).getByText('+112,345円')).toBeInTheDocument();
    const gone = screen.getByRole('region', { name: '保有していないファンド' });
    expect(within(gone).getByRole('heading', { name: 'あおば日本株' })).toBeInTheDocument();
    expect(within(gone).getByText('+10,000円')).toBeInTheDocument();
    expect(
      screen.getByText('トータルリターン ＝ 評価金額 ＋ 累計売付金額 ＋ 累計受取分配金額 − 累計買付金額'),
    ).toBeInTheDocument();
  }, 20_000);

  it('total-return-of-a-customer-who-never-bought-says-so-and-leads-to-the-fund-list', async () => {
    apiServer.use(
      http.get(FundLifePath.totalReturns, () =>
        HttpResponse.json({
          ...totalReturnsFixture,
          funds: [],
          total: {
            valuation: '0',
            sold: '0',
            distributions: '0',
            distributionsReinvested: '0',
            bought: '0',
            boughtByReinvestment: '0',
            totalReturn: '0',
          },
        }),
      ),
    );
    renderApp('/assets/totalReturn');
    expect(
      await screen.findByText('まだお取引がありません。', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ファンドを探す' })).toHaveAttribute('href', '/trading');
  }, 20_000);
});
