import type { OperatorAccesses } from '@fund/contracts';
import { OperatorAccessPath } from '@fund/contracts/paths';
import { http, HttpResponse, type RequestHandler } from 'msw';

/** An operator viewed the account once: 2026-11-20, 9:05 to 9:40 in Japan, assets and trade history. */
export const operatorAccessesFixture = {
  accesses: [
    {
      date: '2026-11-20',
      firstAt: '2026-11-20T00:05:00.000Z',
      lastAt: '2026-11-20T00:40:00.000Z',
      actor: 'コールセンター担当者',
      areas: ['assets', 'history'],
    },
  ],
  paging: { page: 1, pageSize: 5, total: 1 },
} satisfies OperatorAccesses;

export const operatorAccessHandlers: RequestHandler[] = [
  http.get(OperatorAccessPath.list, () => HttpResponse.json(operatorAccessesFixture)),
];
