import { describe, expect, it, vi } from 'vitest';
import { chunkGroups, largeLibraryBoundary, largeLibraryOf, type ChunkGroup } from './chunk-groups.ts';

const root = '/repo';
const web = `${root}/apps/web/src`;
const entry = `${web}/main.tsx`;

/** A module graph for the chunking context: each module's static imports. */
function contextOf(graph: Record<string, readonly string[]>) {
  return {
    getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] } : null),
  } as unknown as Parameters<Extract<ChunkGroup['name'], (...args: never[]) => unknown>>[1];
}

function sharedGroupNamer(): (id: string, context: ReturnType<typeof contextOf>) => string | null {
  const shared = chunkGroups(entry)[1];
  if (typeof shared?.name !== 'function') throw new Error('the shared group names its chunks by a function');
  return shared.name as (id: string, context: ReturnType<typeof contextOf>) => string | null;
}

const zod = `${root}/node_modules/zod/v4/classic/schemas.js`;
const contractsBarrel = `${root}/packages/contracts/src/index.ts`;
const contractsTrading = `${root}/packages/contracts/src/trading.ts`;
const domainBarrel = `${root}/packages/domain/src/index.ts`;
const holidays = `${root}/packages/domain/src/calendar/japanese-holidays.ts`;
const businessDays = `${root}/packages/domain/src/calendar/business-days.ts`;
const numberDisplay = `${root}/packages/domain/src/display/number-display.ts`;

const graph = {
  [entry]: [`${web}/lib/api/services.ts`],
  [`${web}/lib/api/services.ts`]: [contractsBarrel],
  [contractsBarrel]: [contractsTrading],
  [contractsTrading]: [zod],
  [domainBarrel]: [holidays, businessDays, numberDisplay],
  [businessDays]: [holidays],
  [numberDisplay]: [],
  [`${web}/components/ui/figures.tsx`]: [domainBarrel],
  [`${web}/features/trading/shared/api/get-fund.ts`]: [`${web}/lib/api/services.ts`],
  [`${web}/features/trading/shared/api/post-orders.ts`]: [contractsBarrel],
  [`${web}/features/trading/order-dates.ts`]: [businessDays],
  [`${web}/lib/auth/sign-in.ts`]: [],
};

describe('the large libraries only some pages use', () => {
  it.each([
    [zod, 'schemas'],
    [`${root}/node_modules/react-hook-form/dist/index.esm.mjs`, 'forms'],
    [`${root}/node_modules/dompurify/dist/purify.es.mjs`, 'rich-text'],
    [`${web}/components/charts/series-chart.tsx`, 'charts'],
    [`${root}/node_modules/@holiday-jp/holiday_jp/lib/holidays.js`, 'holidays'],
    [holidays, 'holidays'],
  ])('%s is the %s library', (id, name) => {
    expect(largeLibraryOf(id)).toBe(name);
  });

  it.each([`${web}/components/charts/lazy-charts.tsx`, `${web}/components/ui/figures.tsx`, contractsTrading])(
    '%s is not: a chart placeholder, the UI kit and a contract module are page code',
    (id) => {
      expect(largeLibraryOf(id)).toBeUndefined();
    },
  );
});

describe('the pages’ shared code', () => {
  it('puts a feature’s shared code in its group, unless it needs a large library through its imports', () => {
    const name = sharedGroupNamer();
    const context = contextOf(graph);
    // services.ts is the entry's: what it imports comes with the entry
    expect(name(`${web}/features/trading/shared/api/get-fund.ts`, context)).toBe('feature-trading');
    // schemas through the contracts' barrel, the holiday table through business days
    expect(name(`${web}/features/trading/shared/api/post-orders.ts`, context)).toBeNull();
    expect(name(`${web}/features/trading/order-dates.ts`, context)).toBeNull();
  });

  it('puts the UI kit and the domain’s display rules in common, the holiday calendar and the sign-in not', () => {
    const name = sharedGroupNamer();
    const context = contextOf(graph);
    expect(name(`${web}/components/ui/figures.tsx`, context)).toBe('common');
    expect(name(numberDisplay, context)).toBe('common');
    expect(name(businessDays, context)).toBeNull();
    expect(name(holidays, context)).toBeNull();
    expect(name(`${web}/lib/auth/sign-in.ts`, context)).toBeNull();
    expect(name(zod, context)).toBe('schemas');
  });
});

describe('the build check of the shared files', () => {
  const chunk = (
    fileName: string,
    name: string,
    moduleIds: string[],
    imports: string[],
    isEntry = false,
  ) => ({
    type: 'chunk' as const,
    fileName,
    name,
    moduleIds,
    imports,
    isEntry,
  });

  function check(checkEntry: boolean, chunks: ReturnType<typeof chunk>[]): string[] {
    const errors: string[] = [];
    const plugin = largeLibraryBoundary(checkEntry);
    const generate = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c]));
    generate.call(
      {
        error: vi.fn((message: string) => {
          errors.push(message);
        }),
      },
      {},
      bundle,
    );
    return errors;
  }

  const schemas = chunk('schemas.js', 'schemas', [zod], []);
  const trading = chunk('trading.js', 'trading', [contractsTrading], ['schemas.js']);

  it('fails when common loads a file holding zod, through another file', () => {
    const common = chunk('common.js', 'common', [`${web}/components/ui/figures.tsx`], ['trading.js']);
    expect(check(false, [common, trading, schemas])).toEqual([
      'common.js loads schemas.js, which holds the schemas library',
    ]);
  });

  it('passes when a page loads it: only the page needs it', () => {
    const page = chunk(
      'buy-page.js',
      'buy-page',
      [`${web}/features/trading/buy/buy-input-page.tsx`],
      ['trading.js'],
    );
    const common = chunk('common.js', 'common', [`${web}/components/ui/figures.tsx`], []);
    expect(check(true, [page, common, trading, schemas])).toEqual([]);
  });

  it('checks the entry only for the customer build', () => {
    const index = chunk('index.js', 'index', [entry], ['trading.js'], true);
    expect(check(false, [index, trading, schemas])).toEqual([]);
    expect(check(true, [index, trading, schemas])).toEqual([
      'index.js loads schemas.js, which holds the schemas library',
    ]);
  });
});
