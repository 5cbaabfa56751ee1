import type { RequestHandler } from 'msw';
import { beforeEach } from 'vitest';
import { setupServer } from 'msw/node';
import { defaultHandlers } from './default-handlers';

/**
 * The API of web tests (MSW, decision 012): every call a screen makes is answered by a handler in the
 * contracts' shapes; a call nobody answers fails the test. A test changes an answer with
 * `apiServer.use(http.get(path, () => …))`; the defaults come back after each test.
 */
export const apiServer = setupServer(...defaultHandlers);

/**
 * A screen's test file answers first with its own screen's defaults (call at the top of the file): the
 * shared list answers each call with the first feature that defines it, and screens share calls.
 */
export function answerFirstWith(handlers: readonly RequestHandler[]): void {
  beforeEach(() => apiServer.use(...handlers));
}
