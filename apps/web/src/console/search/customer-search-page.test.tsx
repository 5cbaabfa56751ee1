import { OperatorConsolePath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query/query-client';
import { apiServer } from '../../test/msw/server';
import { clearOperatorTokens } from '../auth/operator-token-store';
import { aokiKenta, seedOperatorSession } from '../test/console-fixtures';
import { CustomerSearchPage, searchInputErrors } from './customer-search-page';

let token: string;
const seen: Request[] = [];

beforeEach(() => {
  token = seedOperatorSession();
  seen.length = 0;
  apiServer.use(
    http.get(OperatorConsolePath.customers, ({ request }) => {
      seen.push(request.clone());
      const query = new URL(request.url).searchParams;
      const match =
        query.get('accountNumber') === '1000001' || (query.get('nameKana') ?? '').startsWith('アオキ');
      return HttpResponse.json({ customers: match ? [aokiKenta] : [], truncated: false });
    }),
  );
});

afterEach(() => clearOperatorTokens());

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CustomerSearchPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('お客さま検索', () => {
  it('finds 1000001 by 口座番号 with the operator token and no act-as header, and links to its acting screens', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('口座番号'), '1000001');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    const link = await screen.findByRole('link', { name: '青木 健太 さまの画面を開く' });
    expect(link).toHaveAttribute('href', '/admin/customers/1000001/');
    expect(screen.getByRole('status')).toHaveTextContent('1件見つかりました。');
    expect(screen.getByRole('cell', { name: 'アオキ ケンタ' })).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(seen[0]?.headers.has('user-id')).toBe(false);
  });

  it('finds by フリガナ and says so when nobody of the operator’s branches matches', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('フリガナ'), 'イシイ');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(await screen.findByText('該当するお客さまはいません')).toBeInTheDocument();
    expect(new URL(seen[0]!.url).searchParams.get('nameKana')).toBe('イシイ');
  });

  it('asks for a 口座番号 or フリガナ, and for digits and katakana, without calling the server', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(screen.getByRole('alert')).toHaveTextContent('口座番号またはフリガナを入力してください。');
    await userEvent.type(screen.getByLabelText('口座番号'), '10a');
    await userEvent.type(screen.getByLabelText('フリガナ'), 'aoki');
    await userEvent.click(screen.getByRole('button', { name: '検索する' }));
    expect(screen.getByLabelText('口座番号')).toHaveAccessibleDescription(/半角数字7桁以内/);
    expect(screen.getByLabelText('フリガナ')).toHaveAccessibleDescription(/全角カタカナで入力/);
    expect(seen).toHaveLength(0);
  });
});

describe('searchInputErrors', () => {
  it.each([
    [{ accountNumber: '1000001', nameKana: '' }, {}],
    [{ accountNumber: '', nameKana: 'アオキ　ケンタ' }, {}],
    [
      { accountNumber: '12345678', nameKana: '' },
      { accountNumber: '口座番号は半角数字7桁以内で入力してください。' },
    ],
    [{ accountNumber: ' ', nameKana: ' ' }, { form: '口座番号またはフリガナを入力してください。' }],
  ])('%o → %o', (input, expected) => {
    expect(searchInputErrors(input)).toEqual(expected);
  });
});
