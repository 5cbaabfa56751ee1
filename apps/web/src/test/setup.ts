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
