// The screen's own files announced in its index.html: the web build lists, per route of the app's router,
// the page's and loader's chunks and their CSS (apps/web/route-preloads-plugin.ts). Announced in the
// document, they download beside the entry script instead of after it has run and asked for them, one
// round of downloads fewer before the first screen on a phone (performance.md: LCP against the floor).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { webRoutePreloadsFile, type WebRoutePreloads } from '@fund/contracts';

/**
 * Whether `pathname` is a path of the router's `pattern`: segments compared without case (the router
 * matches case-insensitively), `:name` standing for one non-empty segment, a trailing slash ignored.
 */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const segments = (value: string) => value.split('/').filter((segment) => segment !== '');
  const wanted = segments(pattern);
  const given = segments(pathname);
  return (
    wanted.length === given.length &&
    wanted.every(
      (segment, index) => segment.startsWith(':') || segment.toLowerCase() === given[index]?.toLowerCase(),
    )
  );
}

/** `<link>`s for the built files, in the form Vite writes its own (crossorigin, absolute paths). */
export function preloadLinks(files: readonly string[]): string {
  return files
    .filter((file) => /^[\w./-]+$/.test(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

/**
 * index.html for a screen, with its files announced before `</head>`; the plain index.html when the build
 * lists none for the path (no list, an unknown path: the not-found page needs nothing more).
 */
export interface ScreenDocuments {
  /** The document for `pathname`, or null when the plain index.html serves it. */
  documentFor(pathname: string): string | null;
}

export function loadScreenDocuments(distDir: string): ScreenDocuments {
  const listFile = path.join(distDir, webRoutePreloadsFile);
  if (!existsSync(listFile)) return { documentFor: () => null };
  const listed = JSON.parse(readFileSync(listFile, 'utf8')) as WebRoutePreloads;
  // a file the build no longer has would be a 404 on every load of the screen: only what is there
  const preloads = Object.fromEntries(
    Object.entries(listed).map(([pattern, files]) => [
      pattern,
      files.filter((file) => existsSync(path.join(distDir, file))),
    ]),
  );
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const headEnd = indexHtml.indexOf('</head>');
  const documents = new Map<string, string>();
  return {
    documentFor(pathname) {
      const pattern = Object.keys(preloads).find((candidate) => matchesRoutePattern(candidate, pathname));
      if (pattern === undefined || headEnd === -1) return null;
      let document = documents.get(pattern);
      if (document === undefined) {
        const links = preloadLinks(preloads[pattern] ?? []);
        document = `${indexHtml.slice(0, headEnd)}${links}${indexHtml.slice(headEnd)}`;
        documents.set(pattern, document);
      }
      return document;
    },
  };
}
