import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeImportsOf } from './route-preloads-plugin';
import { pageRoutes } from './src/app/routes';

describe('routeImportsOf (the routes whose files index.html announces)', () => {
  it('reads each route object’s path and the modules its page and loader import', () => {
    const source = `export const pageRoutes = [
      { path: '/assets', layout: 'default',
        load: () => import('../features/assets/assets-loader').then((m) => m.loadAssetsPage),
        page: () => import('../features/assets/assets-page').then((m) => m.assetsPage) },
      { path: '/mypage', layout: 'default', page: () => import('../features/mypage/mypage-page') },
      { path: '/static-only', layout: 'default' },
    ];`;
    expect(routeImportsOf(source)).toEqual([
      {
        path: '/assets',
        imports: ['../features/assets/assets-loader', '../features/assets/assets-page'],
      },
      { path: '/mypage', imports: ['../features/mypage/mypage-page'] },
    ]);
  });

  it('finds every route of the app’s route table, each with its page', () => {
    const source = readFileSync(`${import.meta.dirname}/src/app/routes.tsx`, 'utf8');
    const found = routeImportsOf(source);
    expect(found.map((route) => route.path)).toEqual(pageRoutes.map((route) => route.path));
    for (const route of found) {
      const expected = pageRoutes.find((page) => page.path === route.path)!;
      expect(route.imports, route.path).toHaveLength(expected.load === undefined ? 1 : 2);
    }
  });
});
