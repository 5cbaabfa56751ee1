// `npm start` (decision 033): the server from its JavaScript bundle (scripts/server-bundle.ts, made again
// only when a source changed), and the web app built beside the server's start when it is missing or
// stale, each build variant put in place whole (scripts/web-build.ts): the server answers screens with a
// 503 until the customer app is there, and serves it from then on without a restart. The same in
// production (`NODE_ENV=production npm start`).
import { enableCompileCache } from 'node:module';
import { pathToFileURL } from 'node:url';
import { currentServerBundle } from './server-bundle.ts';
import { buildWebApp, webBuildState } from './web-build.ts';

// V8's compiled code of the bundle and the packages, kept on disk between starts (Node's compile cache):
// a restart then skips compiling about 2 MB of JavaScript again (decision 033)
enableCompileCache();
const webState = webBuildState();
const started = performance.now();
if (webState !== 'current') {
  console.log(
    webState === 'missing'
      ? 'Building the web app beside the server (first start)…'
      : 'Web app sources changed: rebuilding it beside the server…',
  );
}
const webBuilt =
  webState === 'current'
    ? null
    : buildWebApp().then(
        () => console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s.`),
        (error: unknown) => {
          console.error('The web app could not be built.');
          throw error;
        },
      );
// reported when it happens; it stops the server only once the server is up (below)
webBuilt?.catch(() => undefined);

const server = await currentServerBundle();
// stack traces and logged errors name the TypeScript sources, not the bundle's lines
process.setSourceMapsEnabled(true);
await import(pathToFileURL(server).href);
// A failed build ends the started server as an error does (main.ts: close-with-grace closes the database
// and exits with 1), so `npm start` fails as it did when the build ran first.
await webBuilt;
