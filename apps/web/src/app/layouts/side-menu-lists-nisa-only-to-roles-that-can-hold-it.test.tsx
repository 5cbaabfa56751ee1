import type { UnmaskedUser } from '@fund/contracts';
import { RootLoadingPath } from '@fund/contracts/paths';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '../../lib/store/ui-store';
import { rootLoadingAnswers } from '../../test/msw/root-loading-handlers';
import { apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

// Issue 25: the corporation's and the child's side menus listed 「NISA口座の状況」, which neither can have
// (decision 012 "Roles"). An adult sees it; a junior NISA account too, for its junior NISA holdings.

function signInAs(accountRole: UnmaskedUser['accountRole']) {
  apiServer.use(
    http.get(RootLoadingPath.unmaskedUsers, () =>
      HttpResponse.json({
        ...(rootLoadingAnswers[RootLoadingPath.unmaskedUsers] as UnmaskedUser),
        accountRole,
      } satisfies UnmaskedUser),
    ),
  );
}

async function menuLinks(): Promise<string[]> {
  renderApp('/');
  // the whole app's first render loads the home page's chunks: seconds on a busy machine
  await screen.findByRole('heading', { level: 1, name: 'ホーム' }, { timeout: 8000 });
  // the frame closes the menu whenever it mounts on a page (default-layout.tsx): a frame mounted again after
  // the heading showed closed the menu opened before it, so open it until it stays open
  const menu = await waitFor(
    () => {
      if (!useUiStore.getState().sideMenuShown) act(() => useUiStore.getState().setSideMenuShown(true));
      return screen.getByRole('navigation', { name: 'メニュー' });
    },
    { timeout: 8000 },
  );
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.firstChild?.textContent ?? '');
}

describe('the side menu lists NISA口座の状況 only to the roles that can hold NISA', () => {
  it.each([
    ['CORPORATION', false],
    ['CHILD', false],
    ['ADULT', true],
    ['JUNIOR_NISA', true],
  ] as const)(
    '%s: listed %s',
    async (role, listed) => {
      signInAs(role);
      const links = await menuLinks();
      expect(links).toContain('資産状況');
      expect(links.includes('NISA口座の状況')).toBe(listed);
    },
    20_000,
  );
});
