import { OperatorConsolePath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query/query-client';
import { apiServer } from '../../test/msw/server';
import { AuditTrailPage } from '../audit/audit-trail-page';
import { clearOperatorTokens } from '../auth/operator-token-store';
import { auditEntry, seedOperatorSession } from '../test/console-fixtures';
import { CustomerSearchPage } from './customer-search-page';

// issue 25: a 1,000-character フリガナ showed 「検索できませんでした。時間をおいてもう一度お試しください。」 before the real
// reason (50 characters at most), and 操作履歴's search rows said only 「お客さま検索 ー 許可」.

const seen: string[] = [];

beforeEach(() => {
  seedOperatorSession();
  seen.length = 0;
});

afterEach(() => clearOperatorTokens());

function renderWith(element: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('お客さま検索 and its 操作履歴', () => {
  it('states the フリガナ rule before typing and says a name over 50 characters is too long as it is typed', async () => {
    apiServer.use(
      http.get(OperatorConsolePath.customers, ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({ customers: [], truncated: false });
      }),
    );
    renderWith(<CustomerSearchPage />);
    const kana = screen.getByLabelText('フリガナ');
    expect(kana).toHaveAccessibleDescription(/全角カタカナ50文字以内/);
    await userEvent.click(kana);
    await userEvent.paste('ア'.repeat(1000));
    expect(kana).toHaveAccessibleDescription(/フリガナは50文字以内で入力してください（いま1,000文字）。/);
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(screen.queryByText(/時間をおいてもう一度お試しください/)).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('shows the server’s reason for a refused search instead of asking to try again later', async () => {
    apiServer.use(
      http.get(OperatorConsolePath.customers, () =>
        HttpResponse.json(
          { code: '400-000', message: 'フリガナは50文字以内で入力してください。' },
          { status: 400 },
        ),
      ),
    );
    renderWith(<CustomerSearchPage />);
    await userEvent.type(screen.getByLabelText('フリガナ'), 'アオキ');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('フリガナは50文字以内で入力してください。');
    expect(screen.queryByText(/時間をおいてもう一度お試しください/)).not.toBeInTheDocument();
  });

  it('shows each search’s criteria and matches in 操作履歴, and a refused one with its reason', async () => {
    const search = { customer: null, method: 'GET', path: '/v1/operator/customers' } as const;
    apiServer.use(
      http.get(OperatorConsolePath.auditTrail, () =>
        HttpResponse.json({
          entries: [
            auditEntry(0, {
              ...search,
              action: 'operator.customer_search',
              outcome: 'refused',
              reason: 'invalid_criteria',
              search: { accountNumber: null, nameKana: 'ア'.repeat(50), nameKanaLength: 1000, matches: null },
            }),
            auditEntry(1, {
              ...search,
              action: 'operator.customer_search',
              search: { accountNumber: null, nameKana: 'アオキ', nameKanaLength: null, matches: 3 },
            }),
            auditEntry(2, {
              ...search,
              action: 'operator.customer_search',
              search: { accountNumber: '1000001', nameKana: null, nameKanaLength: null, matches: 1 },
            }),
          ],
          hasMore: false,
        }),
      ),
    );
    renderWith(<AuditTrailPage />);
    const table = await screen.findByRole('table', { name: '操作履歴' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells.map((row) => row.slice(1))).toEqual([
      [
        'お客さま検索',
        'ー',
        `フリガナ「${'ア'.repeat(50)}…」（1,000文字）`,
        '拒否（検索条件が入力のルールに合わない）',
      ],
      ['お客さま検索', 'ー', 'フリガナ「アオキ」・3件', '許可'],
      ['お客さま検索', 'ー', '口座番号「1000001」・1件', '許可'],
    ]);
  });
});
