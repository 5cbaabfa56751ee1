import { afterEach, describe, expect, it, vi } from 'vitest';
import { initErrorReporting, type ErrorReporter, type ErrorReportingOptions } from './error-reporting';
import { startErrorReporting } from './start-error-reporting';

const DSN = 'https://errors.example.test/api/report';
let reporter: ErrorReporter | null = null;

afterEach(() => {
  reporter?.stop();
  reporter = null;
});

/** The reporter's module, held back until `arrive()`, posting through a mock. */
function deferredModule() {
  const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = vi.fn(async () => {
    await arrived;
    return {
      initErrorReporting: (options: ErrorReportingOptions) =>
        initErrorReporting({ ...options, fetch: fetchMock }),
    };
  });
  const sentMessages = () =>
    fetchMock.mock.calls.map((call) => {
      const init = (call as unknown as [string, RequestInit])[1];
      return (JSON.parse(String(init.body)) as { message: string }).message;
    });
  return { load, arrive, fetchMock, sentMessages };
}

/** What the browser dispatches for an uncaught error; a no-op listener keeps jsdom from failing the run. */
function throwUncaught(error: Error) {
  const standBy = () => undefined;
  window.addEventListener('error', standBy);
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, cancelable: true }));
  window.removeEventListener('error', standBy);
}

function rejectUnhandled(reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason?: unknown };
  event.reason = reason;
  window.dispatchEvent(event);
}

describe('error reporting started with its code on demand', () => {
  it('loads nothing without a DSN', async () => {
    const { load } = deferredModule();
    expect(await startErrorReporting(null, load)).toBeNull();
    expect(await startErrorReporting('  ', load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('reports the errors and rejections that happened while its code was loading, then the later ones', async () => {
    const { load, arrive, sentMessages } = deferredModule();
    const started = startErrorReporting(DSN, load);
    throwUncaught(new Error('while the app starts'));
    rejectUnhandled(new Error('a rejected start-up call'));
    expect(sentMessages()).toEqual([]);

    arrive();
    reporter = await started;
    expect(sentMessages()).toEqual(['while the app starts', 'a rejected start-up call']);

    throwUncaught(new Error('later'));
    expect(sentMessages()).toEqual(['while the app starts', 'a rejected start-up call', 'later']);
  });

  it('reports an early error once, not again through its own early listener', async () => {
    const { load, arrive, sentMessages } = deferredModule();
    const started = startErrorReporting(DSN, load);
    throwUncaught(new Error('once'));
    arrive();
    reporter = await started;
    throwUncaught(new Error('after'));
    expect(sentMessages()).toEqual(['once', 'after']);
  });

  it('a reporter whose code cannot load is no error of its own', async () => {
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    expect(await startErrorReporting(DSN, load)).toBeNull();
  });
});
