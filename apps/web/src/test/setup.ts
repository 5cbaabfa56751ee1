import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { modalStoreActions } from '../components/modal/modal-store';
import { useUiStore } from '../lib/store/ui-store';
import { apiServer } from './msw/server';

/**
 * A whole page renders through lazy routes, loaders and MSW before its first heading: on a busy two-core
 * machine that can take longer than Testing Library's default 1 s wait, and a test would then fail on the
 * machine's load rather than on the page.
 */
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

/**
 * A page's session gate starts the session's background services from a dynamic import once its first
 * screen shows (app/session-gate.ts). On a busy machine that import can settle after the file's last test,
 * when jsdom's window is gone, and starting them then fails the run with "window is not defined": the file
 * waits for the same module, whose earlier import then finishes first, before its environment goes.
 */
afterAll(async () => {
  await import('../lib/auth/session-services');
  await new Promise((resolve) => setTimeout(resolve, 0));
});

/**
 * jsdom has no layout: scrolling is absent, and it has no matchMedia. Page arrival scrolls, and tests run
 * as if the user asked for reduced motion, so page changes are immediate; a test that covers the
 * transition itself replaces matchMedia.
 */
beforeEach(() => {
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
});

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  useUiStore.getState().reset();
  modalStoreActions.reset();
  document.body.style.overflow = '';
  document.title = '';
});
