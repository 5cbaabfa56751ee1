import { apiPathPrefixes, webAssetsDirectory } from '@fund/contracts';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress-plugin.ts';
import { SERVICE_NAME } from './src/config/site.ts';

/** The server's address in development; `npm run dev -w @fund/server` listens there. */
const devServer = 'http://localhost:3000';

/** Writes the service name into index.html, so it is defined once (src/config/site.ts). */
function serviceNameInHtml(): Plugin {
  return {
    name: 'fund:service-name',
    transformIndexHtml: (html) => html.replaceAll('%SERVICE_NAME%', SERVICE_NAME),
  };
}

export default defineConfig({
  plugins: [react(), serviceNameInHtml(), precompress()],
  server: {
    // the API paths go to the server; everything else is the app (the server does the same in production)
    proxy: Object.fromEntries(apiPathPrefixes.map((prefix) => [prefix, { target: devServer }])),
  },
  build: {
    outDir: 'dist',
    // the server caches this directory for good; its name must not shadow a screen such as /assets
    assetsDir: webAssetsDirectory,
    // lets the bundle budget (performance.md) sum exactly the files the first screen loads
    manifest: true,
    // the polyfill is an inline <script>, which the server's CSP (no 'unsafe-inline') would block
    modulePreload: { polyfill: false },
  },
});
