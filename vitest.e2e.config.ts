// Browser tests: the real server with the built web app, driven in Debian's Chromium through playwright-core.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['./test/setup/guards.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    allowOnly: false,
    // one server and one browser per file; two cores do not gain from running files side by side
    fileParallelism: false,
    testTimeout: 30_000,
    // a fresh page loads its chunk over loopback; give the browser time on a busy two-core machine
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 90_000,
  },
});
