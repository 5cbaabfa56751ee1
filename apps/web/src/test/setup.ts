import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { modalStoreActions } from '../components/modal/modal-store';
import { useUiStore } from '../lib/store/ui-store';

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
  useUiStore.getState().reset();
  modalStoreActions.reset();
  document.body.style.overflow = '';
  document.title = '';
});
