import { webBuildVariantOf } from '@fund/contracts/paths';
import { describe, expect, it } from 'vitest';
import { buildVariantOf, foreignModules } from './build-variants.ts';

const root = '/repo/apps/web';

describe('build variants (decision 024)', () => {
  it.each([
    ['production', 'customer', '/', 'dist', '/src/main.tsx'],
    ['admin', 'admin', '/admin/', 'dist/admin', '/src/console/main.tsx'],
    ['temporary', 'temporary', '/temporary/', 'dist/temporary', '/src/temporary/main.tsx'],
  ])('mode %s builds the %s variant for %s into %s from %s', (mode, name, base, outDir, entry) => {
    expect(buildVariantOf(mode, 'サービス')).toMatchObject({ name, base, outDir, entry });
  });

  it('finds console code in the customer build and temporary code in the admin build, nothing shared', () => {
    const modules = [
      `${root}/src/main.tsx`,
      `${root}/src/features/assets/assets-page.tsx`,
      `${root}/src/console/main.tsx`,
      `${root}/src/temporary/child-account-page.tsx`,
      '/repo/node_modules/react/index.js',
    ];
    expect(foreignModules('customer', modules, root)).toEqual([
      `${root}/src/console/main.tsx`,
      `${root}/src/temporary/child-account-page.tsx`,
    ]);
    expect(foreignModules('admin', modules, `${root}/`)).toEqual([
      `${root}/src/temporary/child-account-page.tsx`,
    ]);
    expect(foreignModules('temporary', modules, root)).toEqual([`${root}/src/console/main.tsx`]);
  });

  it.each([
    ['/', 'customer'],
    ['/assets', 'customer'],
    ['/administration', 'customer'],
    ['/admin', 'admin'],
    ['/admin/customers/1000001/assets', 'admin'],
    ['/temporary/', 'temporary'],
  ])('the server serves %s from the %s build', (path, variant) => {
    expect(webBuildVariantOf(path)).toBe(variant);
  });
});
