// The screen's own files announced in its index.html: the web build lists, per route of the app's router,
// the page's and loader's chunks and their CSS (apps/web/route-preloads-plugin.ts). Announced in the
// document, they download beside the entry script instead of after it has run and asked for them, one
// round of downloads fewer before the first screen on a phone (performance.md: LCP against the floor).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  webFirstScreenCallsEntry,
  webFirstScreenCallsManifest,
  webRoutePreloadsFile,
  type WebRoutePreloads,
} from '@fund/contracts';

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
 * The first screen's early calls (decision 030), built beside the app with a Vite manifest of their own:
 * the `<script>` that asks them, or '' when the build has none.
 */
export function firstScreenCallsScript(distDir: string): string {
  const manifestFile = path.join(distDir, webFirstScreenCallsManifest);
  if (!existsSync(manifestFile)) return '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: string }>;
  const file = manifest[webFirstScreenCallsEntry]?.file;
  if (file === undefined || !/^[\w./-]+$/.test(file) || !existsSync(path.join(distDir, file))) return '';
  // async: it runs as soon as it arrives, before the app's entry has; its fetches are the screen's own
  return `<script type="module" async fetchpriority="high" crossorigin src="/${file}"></script>`;
}

/**
 * index.html for a screen, with the early calls' script and its files announced before `</head>`; the plain index.html when the build
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
  const plainHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  // the early calls' script goes before the app's entry script, so the browser asks for it first
  const entryScript = plainHtml.indexOf('<script');
  const indexHtml =
    entryScript === -1
      ? plainHtml
      : `${plainHtml.slice(0, entryScript)}${firstScreenCallsScript(distDir)}${plainHtml.slice(entryScript)}`;
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
