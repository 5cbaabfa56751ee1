import { serviceInfo } from '@fund/contracts';
import { isMaintenanceError } from '../errors/maintenance-error';
import { isRedirectError } from '../errors/redirect-error';
import { isChunkLoadError } from '../errors/reload-guard';
import { stripQueries, stripUrl } from './strip-query';

// Error reporting without an SDK (performance.md: the first bundle has a budget): unhandled errors and
// rejections are posted as small JSON documents to the configured endpoint. Off without a DSN.

export interface ErrorReport {
  readonly message: string;
  readonly stack: string;
  /** The page, without query string and fragment. */
  readonly url: string;
  readonly release: string;
  /** ISO 8601. */
  readonly time: string;
}

/** Reports per page load: a loop throwing on every frame must not flood the endpoint. */
export const MAX_REPORTS_PER_PAGE = 10;
const MAX_MESSAGE_LENGTH = 1000;
const MAX_STACK_LENGTH = 8000;

/**
 * Spec §8: not reported are failed style preloads, failed script-module imports and failed dynamic
 * imports (a deploy replaced the chunks; the reload guard handles them), the redirect to the
 * authentication front-end (RedirectError) and the maintenance marker (MaintenanceError).
 */
export function isIgnoredError(error: unknown): boolean {
  return isRedirectError(error) || isMaintenanceError(error) || isChunkLoadError(error);
}

function messageOf(error: unknown): string {
  if (error instanceof Error)
    return error.name === 'Error' ? error.message : `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function buildErrorReport(error: unknown, pageUrl: string, now: Date): ErrorReport {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return {
    message: stripQueries(messageOf(error)).slice(0, MAX_MESSAGE_LENGTH),
    stack: stripQueries(stack).slice(0, MAX_STACK_LENGTH),
    url: stripUrl(pageUrl),
    release: serviceInfo.version,
    time: now.toISOString(),
  };
}

export interface ErrorReportingOptions {
  /** The endpoint the reports are posted to; null or '' turns reporting off. */
  readonly dsn: string | null;
  readonly fetch?: typeof fetch;
  readonly target?: Window;
  readonly now?: () => Date;
}

export interface ErrorReporter {
  /** Reports an error (unless ignored); for errors the app catches but still wants to know about. */
  report(error: unknown): void;
  /** Removes the global listeners. */
  stop(): void;
}

const off: ErrorReporter = { report: () => undefined, stop: () => undefined };

/** Installs the global listeners for unhandled errors and rejections. Returns a no-op reporter without DSN. */
export function initErrorReporting(options: ErrorReportingOptions): ErrorReporter {
  const { dsn } = options;
  if (dsn === null || dsn.trim() === '') return off;
  const target = options.target ?? window;
  const now = options.now ?? (() => new Date());
  let sent = 0;

  const report = (error: unknown) => {
    if (isIgnoredError(error) || sent >= MAX_REPORTS_PER_PAGE) return;
    sent += 1;
    const body = JSON.stringify(buildErrorReport(error, target.location.href, now()));
    try {
      void (options.fetch ?? globalThis.fetch)(dsn, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
        credentials: 'omit',
      }).catch(() => undefined);
    } catch {
      // reporting must never become an error of its own
    }
  };

  const onError = (event: ErrorEvent) => report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return {
    report,
    stop: () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    },
  };
}
