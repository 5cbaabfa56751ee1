// Builds the first screen's early calls (decision 030) as a bundle of their own, beside the customer app:
// built with the app, the script would share chunks with the entry and wait for them; alone it is one small
// file that runs as soon as it arrives. Same mode, root and environment as the app's build.
import { join } from 'node:path';
import {
  webAssetsDirectory,
  webFirstScreenCallsEntry,
  webFirstScreenCallsManifest,
} from '@fund/contracts/paths';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { precompress } from './precompress-plugin.ts';

export function firstScreenCalls(): Plugin {
  let app: ResolvedConfig | undefined;
  return {
    name: 'fund:first-screen-calls',
    apply: 'build',
    configResolved(config) {
      app = config;
    },
    async closeBundle() {
      if (app === undefined) return;
      await build({
        configFile: false,
        root: app.root,
        mode: app.mode,
        envDir: app.envDir,
        logLevel: 'warn',
        plugins: [precompress()],
        build: {
          outDir: app.build.outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: webFirstScreenCallsManifest,
          modulePreload: false,
          rolldownOptions: {
            input: join(app.root, webFirstScreenCallsEntry),
            output: { entryFileNames: `${webAssetsDirectory}/first-screen-calls-[hash].js` },
          },
        },
      });
    },
  };
}
