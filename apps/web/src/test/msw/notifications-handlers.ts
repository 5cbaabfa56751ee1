import type { Informations } from '@fund/contracts';
import { InformationsPath } from '@fund/contracts/paths';
import { http, HttpResponse } from 'msw';

/** お知らせ: none by default (a test that needs notices answers them itself). */
export const notificationsHandlers = [
  http.get(InformationsPath.list, ({ request }) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
    return HttpResponse.json({
      informations: [],
      paging: { page, pageSize: 20, total: 0 },
    } satisfies Informations);
  }),
];
