import { FundsPath } from '@fund/contracts/paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answerFirstWith, apiServer } from '../../../test/msw/server';
import {
  tradingListHandlers,
  tradingUnconfirmedFundFixture as equity,
} from '../../../test/msw/trading-list-handlers';
import { renderApp } from '../../../test/render-app';

// Issue 25: after 目論見書を確認しました the button went away and the focus fell to <body>. What replaces it,
// that the confirmation is recorded and the fund can be bought, takes the focus and is announced.
answerFirstWith(tradingListHandlers);

describe('目論見書を確認しました', () => {
  it('moves the focus to the recorded confirmation', async () => {
    apiServer.use(
      http.get(FundsPath.funds, () => HttpResponse.json({ funds: [equity] })),
      http.post(FundsPath.prospectusConfirmations, () =>
        HttpResponse.json({ fundCode: equity.code, version: 3, confirmedAt: '2026-11-26T01:00:00.000Z' }),
      ),
    );
    renderApp('/trading?fund=DEMOF002');
    const card = await screen.findByRole('region', { name: equity.name }, { timeout: 4000 });
    await userEvent.click(within(card).getByRole('button', { name: '目論見書を確認しました' }));
    const recorded = await within(card).findByText(/交付目論見書の確認を記録しました/);
    expect(recorded).toHaveAttribute('role', 'status');
    expect(recorded).toHaveFocus();
    expect(within(card).getByText('確認済み')).toBeInTheDocument();
  });
});
