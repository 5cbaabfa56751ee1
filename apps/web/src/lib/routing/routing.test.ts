import { describe, expect, it } from 'vitest';
import { PageNotFoundError } from '../errors/page-not-found-error';
import { hasFundCodeParam, isFundCode } from './fund-code';
import { pageRevalidates } from './page-revalidation';
import { checkPageValidation } from './page-validation';

describe('page validation', () => {
  const check = (path: string, params: Record<string, string>) =>
    checkPageValidation(hasFundCodeParam, params, path);

  it("raises 'Page Not Found: /trading/buy/!!/input' for an invalid fund code", () => {
    let thrown: unknown;
    try {
      check('/trading/buy/!!/input', { code: '!!' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PageNotFoundError);
    expect(thrown).toMatchObject({ message: 'Page Not Found: /trading/buy/!!/input', status: 404 });
  });

  it('lets a valid fund code through', () => {
    expect(() => check('/trading/buy/AB12/input', { code: 'AB12' })).not.toThrow();
  });

  it.each([
    ['A', true],
    ['0331418A', true],
    ['ABCDEFGHIJKL', true],
    ['ABCDEFGHIJKLM', false],
    ['ab12', false],
    ['AB-12', false],
    ['', false],
    [undefined, false],
  ] as const)('fund code %s is %s', (code, valid) => {
    expect(isFundCode(code)).toBe(valid);
  });
});

describe('pageRevalidates', () => {
  const decide = (from: string, to: string) =>
    pageRevalidates({
      currentUrl: new URL(`http://localhost${from}`),
      nextUrl: new URL(`http://localhost${to}`),
      currentParams: {},
      nextParams: {},
      defaultShouldRevalidate: true,
    } as Parameters<typeof pageRevalidates>[0]);

  it('skips the loader when only the query changes: a modal, a filter, a tab', () => {
    expect(decide('/assets?x=1', '/assets?x=1&modal=help')).toBe(false);
    expect(decide('/assets?modal=help', '/assets')).toBe(false);
    expect(decide('/cashflows?tab=cashflows', '/cashflows?tab=cashflows&period=lastMonth')).toBe(false);
  });

  it('keeps the default for another path, an explicit revalidation of the same URL included', () => {
    expect(decide('/trading/buy/AB12/input', '/trading/buy/CD34/input')).toBe(true);
    expect(decide('/assets?modal=help', '/trading')).toBe(true);
    expect(decide('/assets', '/assets')).toBe(true);
  });
});
