import { OperatorConsolePath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query/query-client';
import { apiServer } from '../../test/msw/server';
import { clearOperatorTokens } from '../auth/operator-token-store';
import { auditEntry, seedOperatorSession } from '../test/console-fixtures';
import { AuditTrailPage } from './audit-trail-page';

const firstPage = [
  auditEntry(0),
  auditEntry(1, {
    action: 'operator.customer_open',
    outcome: 'refused',
    method: 'GET',
    path: '/v1/operator/customers/:accountNumber',
    reason: 'not_assigned',
  }),
];
const secondPage = [
  auditEntry(2, { action: 'operator.customer_search', customer: null, method: null, path: null }),
];
const befores: (string | null)[] = [];

beforeEach(() => {
  seedOperatorSession();
  befores.length = 0;
  apiServer.use(
    http.get(OperatorConsolePath.auditTrail, ({ request }) => {
      const before = new URL(request.url).searchParams.get('before');
      befores.push(before);
      return HttpResponse.json(
        before === null ? { entries: firstPage, hasMore: true } : { entries: secondPage, hasMore: false },
      );
    }),
  );
});

afterEach(() => clearOperatorTokens());

describe('操作履歴', () => {
  it('lists the operator’s own actions in its words, newest first, and pages on with the last row’s time', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuditTrailPage />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: '操作履歴' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2026年11月25日 10時00分', '代理閲覧', '1000001 青木 健太', 'GET /v1/assets', '許可'],
      [
        '2026年11月25日 09時59分',
        'お客さまを開く',
        '1000001 青木 健太',
        'GET /v1/operator/customers/:accountNumber',
        '拒否（担当外の部店のお客さま）',
      ],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'さらに表示する' }));
    expect(await screen.findByRole('cell', { name: 'お客さま検索' })).toBeInTheDocument();
    expect(befores).toEqual([null, firstPage[1]!.occurredAt]);
    expect(screen.queryByRole('button', { name: 'さらに表示する' })).toBeNull();
  });
});
