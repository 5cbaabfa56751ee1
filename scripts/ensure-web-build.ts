// Builds the web app when its bundle is missing or older than its sources, and returns when it is there:
// for the browser tests' setup, which needs the app before its server starts. `npm start` builds it beside
// the server's start instead (scripts/start.ts).
import { buildWebApp, webBuildState } from './web-build.ts';

const state = webBuildState();
if (state === 'current') {
  console.log('Web app bundle is up to date.');
} else {
  console.log(state === 'missing' ? 'Building the web app…' : 'Web app sources changed: rebuilding…');
  await buildWebApp();
}
