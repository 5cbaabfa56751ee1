import { afterEach, describe, expect, it, vi } from 'vitest';
import { MaintenanceError } from '../errors/maintenance-error';
import { RedirectError } from '../errors/redirect-error';
import {
  buildErrorReport,
  initErrorReporting,
  isIgnoredError,
  MAX_REPORTS_PER_PAGE,
  type ErrorReporter,
} from './error-reporting';
import { stripQueries, stripUrl } from './strip-query';

const DSN = 'https://errors.example.test/api/report';
let reporter: ErrorReporter | undefined;

afterEach(() => {
  reporter?.stop();
  reporter = undefined;
  window.history.replaceState(null, '', '/');
});

function start(dsn: string | null = DSN) {
  const fetchMock = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 202 }),
  );
  reporter = initErrorReporting({ dsn, fetch: fetchMock, now: () => new Date('2026-04-01T01:02:03.000Z') });
  const sent = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      init,
      body: JSON.parse(String(init?.body)),
    }));
  return { fetchMock, sent };
}

/**
 * Dispatches what the browser dispatches for an uncaught error. Vitest's jsdom environment fails the run on
 * an error event nobody listens to, so a no-op listener stands by while it is dispatched.
 */
function throwUncaught(error: unknown) {
  const standBy = () => undefined;
  window.addEventListener('error', standBy);
  window.dispatchEvent(
    new ErrorEvent('error', {
      error,
      message: error instanceof Error ? error.message : String(error),
      cancelable: true,
    }),
  );
  window.removeEventListener('error', standBy);
}

function rejectUnhandled(reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason?: unknown };
  event.reason = reason;
  window.dispatchEvent(event);
}

describe('error reporting is off without a DSN', () => {
  it.each([null, '', '  '])('sends nothing with dsn %j', (dsn) => {
    const { fetchMock } = start(dsn);
    throwUncaught(new Error('boom'));
    rejectUnhandled(new Error('boom'));
    reporter?.report(new Error('boom'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('error reporting with a DSN', () => {
  it('posts an unhandled error as JSON with keepalive: message, stack, url, release, time', () => {
    window.history.replaceState(null, '', '/assets?token=secret#frag');
    const { sent } = start();
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at f (https://app.example.test/static/a.js?v=1:10:5)';
    throwUncaught(error);
    const [report] = sent();
    expect(report?.url).toBe(DSN);
    expect(report?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(new Headers(report?.init?.headers).get('content-type')).toBe('application/json');
    expect(report?.body).toEqual({
      message: 'boom',
      stack: 'Error: boom\n    at f (https://app.example.test/static/a.js:10:5)',
      url: `${window.location.origin}/assets`,
      release: '1.0.20',
      time: '2026-04-01T01:02:03.000Z',
    });
  });

  it('posts an unhandled rejection', () => {
    const { sent } = start();
    rejectUnhandled(new TypeError('x is undefined'));
    expect(sent()[0]?.body.message).toBe('TypeError: x is undefined');
  });

  it('reports a rejection with a non-Error reason', () => {
    const { sent } = start();
    rejectUnhandled({ status: 500 });
    expect(sent()[0]?.body).toMatchObject({ message: '{"status":500}', stack: '' });
  });

  it('stops listening when stopped', () => {
    const { fetchMock } = start();
    reporter?.stop();
    throwUncaught(new Error('boom'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(`sends at most ${MAX_REPORTS_PER_PAGE} reports per page`, () => {
    const { fetchMock } = start();
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i += 1) throwUncaught(new Error(`boom ${i}`));
    expect(fetchMock).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });

  it('a failing report is swallowed', async () => {
    const fetchMock = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    reporter = initErrorReporting({ dsn: DSN, fetch: fetchMock });
    throwUncaught(new Error('boom'));
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('ignore list (spec §8)', () => {
  const ignored = [
    ['failed preload of styles', new Error('Unable to preload CSS for /static/home-page-abc.css')],
    ['failed import of a script module', new TypeError('Importing a module script failed.')],
    [
      'failed dynamic import (Chromium)',
      new TypeError('Failed to fetch dynamically imported module: https://app.example.test/static/x.js'),
    ],
    [
      'failed dynamic import (Firefox)',
      new TypeError('error loading dynamically imported module: /static/x.js'),
    ],
    ['redirect to the authentication front-end', new RedirectError()],
    ['MAINTENANCE_ERROR', new MaintenanceError()],
    ['MAINTENANCE_ERROR as a plain Error', new Error('MAINTENANCE_ERROR')],
  ] as const;

  it.each(ignored)('ignores %s', (_name, error) => {
    expect(isIgnoredError(error)).toBe(true);
    const { fetchMock } = start();
    throwUncaught(error);
    rejectUnhandled(error);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports anything else', () => {
    expect(isIgnoredError(new Error('boom'))).toBe(false);
  });
});

describe('query strings are stripped from reported URLs', () => {
  it('from the page URL, with the fragment', () => {
    expect(stripUrl('https://app.example.test/saisonConnect?code=abc&state=xyz#top')).toBe(
      'https://app.example.test/saisonConnect',
    );
  });

  it('from URLs inside a message', () => {
    expect(
      stripQueries(
        'GET https://api.example.test/v1/x?accessToken=secret failed; see /callback?code=abc, then retry',
      ),
    ).toBe('GET https://api.example.test/v1/x failed; see /callback, then retry');
  });

  it('from stack lines, keeping line and column', () => {
    expect(
      stripQueries(
        'Error\n    at a (https://app.example.test/static/a.js?t=123:1:2)\n    at https://app.example.test/b.js#x:3:4',
      ),
    ).toBe(
      'Error\n    at a (https://app.example.test/static/a.js:1:2)\n    at https://app.example.test/b.js:3:4',
    );
  });

  it('leaves text without URLs alone', () => {
    expect(stripQueries('Minified React error #418; what? yes')).toBe('Minified React error #418; what? yes');
  });

  it('in a whole report: message, stack and url', () => {
    const error = new Error('failed https://api.example.test/v6/accounts?userName=taro');
    error.stack = `Error: ${error.message}\n    at g (https://app.example.test/static/g.js?q=1:5:6)`;
    const report = buildErrorReport(error, 'https://app.example.test/mypage?baasId=42', new Date(0));
    expect(JSON.stringify(report)).not.toMatch(/userName|taro|q=1|baasId/);
    expect(report.url).toBe('https://app.example.test/mypage');
  });
});
