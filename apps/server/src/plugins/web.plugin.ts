import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  isApiPath,
  webAssetsDirectory,
  webBuildVariantOf,
  webBuildVariants,
  type WebBuildVariant,
} from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError, ServiceUnavailableError } from '../errors/app-error.ts';
import { loadScreenDocuments, type ScreenDocuments } from './web-route-preloads.ts';

/**
 * Vite puts content-hashed files here, in each build variant's folder (`/static/`, `/admin/static/`): a
 * changed file gets a new name, so they can be cached for good.
 */
const hashedAssetsPrefixes = Object.values(webBuildVariants).map(
  ({ path }) => `${path}${webAssetsDirectory}/`,
);
const isHashedAssetPath = (urlPath: string) =>
  hashedAssetsPrefixes.some((prefix) => urlPath.startsWith(prefix));
const immutableCaching = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files of public/ must be revalidated, or a deploy would not reach browsers. */
const revalidateCaching = 'no-cache';

export interface WebPluginOptions {
  readonly distDir: string;
}

function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** The last path segment looks like a file name (`app.js`, `favicon.ico`), not a screen (`/trading/buy/X/input`). */
function looksLikeFile(urlPath: string): boolean {
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(lastSegment);
}

/**
 * A request the SPA answers with its shell: a GET for a screen. API paths, hashed assets and missing
 * files keep their JSON 404, so a typo in a fetch or a stale chunk never comes back as HTML with 200.
 */
export function wantsWebApp(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const urlPath = pathOf(request.url);
  if (isApiPath(urlPath) || isHashedAssetPath(urlPath)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || !looksLikeFile(urlPath);
}

/**
 * Serves the built web app from its dist directory and answers every other unknown route: the SPA shell
 * for screens (deep links such as /trading/buy/{code}/input), a JSON 404 in the spec's error body for the
 * rest. Owns the not-found handler because that decision is the web app's fallback rule.
 *
 * The build variants (decision 024) live in folders of the same directory (`admin/`, `temporary/`): a
 * screen under `/admin/` gets the admin build's index.html, under `/temporary/` the temporary build's,
 * anything else the customer app's, with its screen's files announced.
 */
export const webPlugin = fp<WebPluginOptions>(
  async (app, { distDir }) => {
    const indexFile = path.join(distDir, 'index.html');
    const variantIndex = (variant: WebBuildVariant) =>
      path.posix.join(webBuildVariants[variant].dir, 'index.html');
    // `npm start` builds the web app beside the server's start (scripts/start.ts), each variant put in
    // place whole when it is done: a variant missing now may be there at the next request, so it is looked
    // for again until found, then kept (the customer app's documents are read once, when it appears)
    let screenDocuments: ScreenDocuments | null = null;
    const customerAppBuilt = (): ScreenDocuments | null => {
      if (screenDocuments === null && existsSync(indexFile)) screenDocuments = loadScreenDocuments(distDir);
      return screenDocuments;
    };
    const variantsBuilt = new Set<WebBuildVariant>();
    const variantBuilt = (variant: WebBuildVariant): boolean => {
      if (!variantsBuilt.has(variant) && existsSync(path.join(distDir, variantIndex(variant))))
        variantsBuilt.add(variant);
      return variantsBuilt.has(variant);
    };

    if (customerAppBuilt() === null) {
      app.log.warn(
        { webDistDir: distDir },
        `Web app is not built yet: ${indexFile} is missing. \`npm start\` builds it; \`npm run build\` for a production build. Until it is there, screens answer 503.`,
      );
    }
    // Every route of this plugin answers from files: none waits for the database to open (db.plugin.ts).
    // Routes added after the plugin (tests may) are not its own.
    let registeringOwnRoutes = true;
    app.addHook('onRoute', (route) => {
      if (registeringOwnRoutes) route.config = { ...route.config, answersBeforeDatabaseReady: true };
    });
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      // the web build writes .br and .gz beside each file (apps/web/precompress-plugin.ts)
      preCompressed: true,
      dotfiles: 'ignore',
      cacheControl: false,
      // the directory may not exist yet (warned above); its files are looked up at each request
      wildcard: true,
      suppressWarning: true,
      // API paths never read from the dist directory, whatever files it holds
      allowedPath: (pathName) => !isApiPath(pathName),
      setHeaders: (reply, filePath) => {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        reply.header(
          'cache-control',
          isHashedAssetPath(`/${relative}`) ? immutableCaching : revalidateCaching,
        );
      },
    });

    const sendWebApp = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const documents = customerAppBuilt();
      if (documents === null) {
        throw new ServiceUnavailableError(
          'Web アプリがまだビルドされていません。`npm start` がビルド中なら、数秒後に再読み込みしてください（ほかの起動方法では `npm run build` を実行してください）。',
        );
      }
      const urlPath = pathOf(request.url);
      const variant = webBuildVariantOf(urlPath);
      if (variant !== 'customer') {
        if (!variantBuilt(variant)) {
          throw new ServiceUnavailableError(
            `Web アプリの ${variant} ビルドがまだありません。\`npm start\` がビルド中なら、数秒後に再読み込みしてください（ほかの起動方法では \`npm run build\` を実行してください）。`,
          );
        }
        return reply.sendFile(variantIndex(variant), { cacheControl: false });
      }
      const document = documents.documentFor(urlPath);
      if (document === null) return reply.sendFile('index.html', { cacheControl: false });
      return reply.header('cache-control', revalidateCaching).type('text/html; charset=utf-8').send(document);
    };

    app.get('/', { schema: { hide: true } }, async (request, reply) => sendWebApp(request, reply));
    // a variant's root is a folder of the dist directory, which the static files would refuse (403)
    for (const { path: variantPath } of Object.values(webBuildVariants).filter(({ dir }) => dir !== '')) {
      app.get(variantPath, { schema: { hide: true } }, async (request, reply) => sendWebApp(request, reply));
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (wantsWebApp(request)) return sendWebApp(request, reply);
      const where = `${request.method} ${pathOf(request.url)}`.slice(0, 200);
      throw new NotFoundError(`お探しのページまたは API が見つかりません（${where}）。`);
    });
    registeringOwnRoutes = false;
  },
  { name: 'web', fastify: '5.x' },
);
