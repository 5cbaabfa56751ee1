import type { ErrorReporter, ErrorReportingOptions } from './error-reporting';

interface ReportingModule {
  initErrorReporting(options: ErrorReportingOptions): ErrorReporter;
}

/**
 * Starts error reporting with the reporter's code loaded on demand (performance.md: the first bundle has a
 * budget; decision 028). Nothing loads without a DSN. Errors and rejections that happen while the code
 * is on its way are kept and reported once it has arrived, so an error while the app starts is still
 * reported. Resolves with the reporter (null without a DSN or when its code could not load).
 */
export async function startErrorReporting(
  dsn: string | null,
  load: () => Promise<ReportingModule> = () => import('./error-reporting'),
  target: Window = window,
): Promise<ErrorReporter | null> {
  if (dsn === null || dsn.trim() === '') return null;
  const early: unknown[] = [];
  const onError = (event: ErrorEvent) => early.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => early.push(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  try {
    const { initErrorReporting } = await load();
    const reporter = initErrorReporting({ dsn, target });
    early.forEach((error) => reporter.report(error));
    return reporter;
  } catch {
    // a reporter that cannot load must not become an error of its own
    return null;
  } finally {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  }
}
