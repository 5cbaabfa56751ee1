import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const guards = new URL('./test/setup/guards.ts', import.meta.url).pathname;

// A database per test file (createTestDatabase in beforeAll), copied from the template this setup migrates
// once per run; a copy made without it migrates every table, which on a busy two-core machine can take
// longer than Vitest's 10 s default for hooks.
const hookTimeout = 60_000;

const nodeProject = (name: string, root: string) => ({
  test: { name, root, environment: 'node' as const, setupFiles: [guards], hookTimeout },
});

export default defineConfig({
  test: {
    allowOnly: false,
    globalSetup: ['./test/setup/test-database-template.ts'],
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
