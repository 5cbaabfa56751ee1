import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const guards = new URL('./test/setup/guards.ts', import.meta.url).pathname;

const nodeProject = (name: string, root: string) => ({
  test: { name, root, environment: 'node' as const, setupFiles: [guards] },
});

export default defineConfig({
  test: {
    allowOnly: false,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      nodeProject('contracts', './packages/contracts'),
      nodeProject('domain', './packages/domain'),
      nodeProject('db', './packages/db'),
      nodeProject('server', './apps/server'),
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          setupFiles: [guards, './src/test/setup.ts'],
        },
      },
    ],
  },
});
