import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPathPrefixes, webAssetsDirectory } from '@fund/contracts';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildVariantOf, foreignModules, type BuildVariant } from './build-variants.ts';
import { chunkGroups, largeLibraryBoundary } from './chunk-groups.ts';
import { precompress } from './precompress-plugin.ts';
import { precompressLaterVariable } from './precompress.ts';
import { routePreloads } from './route-preloads-plugin.ts';
import { SERVICE_NAME } from './src/config/site.ts';

/** The server's address in development; `npm run dev -w @fund/server` listens there. */
const devServer = 'http://localhost:3000';
const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The mark in the document itself: a file would be one more request beside the entry on a phone's few
 * connections. The identity and partner pages link public/favicon.svg, the same file.
 */
const faviconDataUrl = `data:image/svg+xml,${encodeURIComponent(readFileSync(join(webRoot, 'public/favicon.svg'), 'utf8').trim())}`;

/**
 * Writes the variant's title, entry and mark into index.html ('pre', before Vite reads the entry from it),
 * so the three variants share one document and the service name is defined once (src/config/site.ts).
 */
function variantHtml(variant: BuildVariant): Plugin {
  return {
    name: 'fund:variant-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replaceAll('%SERVICE_NAME%', variant.title)
          .replace('%FAVICON%', faviconDataUrl)
          .replace('/src/main.tsx', variant.entry),
    },
  };
}

/**
 * Fails the build when a bundle holds code of another variant's own folders (decision 024): the customer
 * app never ships the console, nor the console the temporary build.
 */
function variantBoundary(variant: BuildVariant): Plugin {
  return {
    name: 'fund:variant-boundary',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const foreign = foreignModules(variant.name, output.moduleIds, webRoot);
        if (foreign.length > 0)
          this.error(
            `the ${variant.name} build's ${output.fileName} holds another variant's code: ${foreign.join(', ')}`,
          );
      }
    },
  };
}

export default defineConfig(({ mode }) => {
  const variant = buildVariantOf(mode, SERVICE_NAME);
  return {
    base: variant.base,
    plugins: [
      react(),
      variantHtml(variant),
      variantBoundary(variant),
      largeLibraryBoundary(variant.name === 'customer'),
      // the route list is the customer app's (src/app/routes.tsx); the other variants have no server-side preloads
      ...(variant.name === 'customer' ? [routePreloads()] : []),
      precompress({ later: process.env[precompressLaterVariable] === '1' }),
    ],
    server: {
      // the API paths go to the server; everything else is the app (the server does the same in production)
      proxy: Object.fromEntries(apiPathPrefixes.map((prefix) => [prefix, { target: devServer }])),
    },
    build: {
      outDir: variant.outDir,
      // the customer build empties dist (the other variants' folders with it): it is built first
      emptyOutDir: true,
      // the server caches this directory for good; its name must not shadow a screen such as /assets
      assetsDir: webAssetsDirectory,
      // lets the bundle budget (performance.md) sum exactly the files the first screen loads
      manifest: true,
      // the polyfill is an inline <script>, which the server's CSP (no 'unsafe-inline') would block
      modulePreload: { polyfill: false },
      // every screen's styles in one small file (45 kB, 8 kB compressed) the document names: per-screen
      // files were two or three more requests beside the entry on a phone's few connections
      cssCodeSplit: false,
      // few files per screen: the entry's code in one file, the pages' shared code grouped (decision 028)
      rolldownOptions: {
        output: { codeSplitting: { groups: chunkGroups(join(webRoot, variant.entry)) } },
      },
    },
  };
});
