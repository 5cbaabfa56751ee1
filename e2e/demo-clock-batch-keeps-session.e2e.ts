// Issue 13, point 1: the walkthrough of docs/demo.md signs in, stops the server, runs `npm run batch` for the
// next business days (which moves the demo clock to 18:00 JST of the last one) and starts the server
// again. The tokens were signed on the real clock; only business dates follow the demo clock, so the same
// session must still read /v1/assets, now on the later business date.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { addBusinessDays, isoDate, jstIsoDate } from '@fund/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInState, storedAccessToken } from './support/app-session.ts';
import { useRunningApp } from './support/harness.ts';
import { repoRoot } from './support/server.ts';

/** One signing key for both runs of the server, as the development key file gives `npm start`. */
function signingKeys(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return JSON.stringify({
    keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'e2e-demo-clock' }],
  });
}

const app = useRunningApp({
  env: { DEMO_CLOCK: 'on', BATCH_DEMO: 'on', BATCH_SCHEDULER: 'off', OIDC_JWKS: signingKeys() },
});

/** `npm run batch -- --date … --until …` against the stopped server's database. */
async function runBatch(env: NodeJS.ProcessEnv, from: string, until: string): Promise<string> {
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/server/src/jobs/batch-cli.ts', '--date', from, '--until', until],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the batch exited with ${code}:\n${output}`);
  return output;
}

/** GET /v1/assets from the page with the token the web app holds. */
async function readAssets(page: Page): Promise<{ status: number; referenceDate?: string }> {
  const token = await storedAccessToken(page);
  expect(token).not.toBeNull();
  return page.evaluate(async (accessToken) => {
    const response = await fetch('/v1/assets', { headers: { authorization: `Bearer ${accessToken}` } });
    const body = (await response.json()) as { referenceDate?: string };
    return { status: response.status, referenceDate: body.referenceDate };
  }, token);
}

describe('signed in, then the batch moves the demo clock days ahead', () => {
  it(
    'the same session still reads /v1/assets, on the later business date',
    { timeout: 180_000 },
    async () => {
      const state = await signedInState(app.browser, app.server.baseUrl, '1000001');
      const today = isoDate(jstIsoDate(new Date()));
      const until = addBusinessDays(today, 3);

      await app.withPage(
        async (page) => {
          await page.goto('/');
          await page.locator('h1', { hasText: 'ホーム' }).waitFor();
          const before = await readAssets(page);
          expect(before.status).toBe(200);
          expect(before.referenceDate).toBe(today);
        },
        { storageState: state },
      );

      await app.server.whileStopped(async (env) => {
        const report = await runBatch(env, addBusinessDays(today, 1), until);
        expect(report).toContain(`Demo clock: at least ${until} 18:00 JST.`);
      });

      await app.withPage(
        async (page) => {
          await page.goto('/');
          await page.locator('h1', { hasText: 'ホーム' }).waitFor();
          expect(new URL(page.url()).pathname).toBe('/');
          const after = await readAssets(page);
          expect(after.status).toBe(200);
          expect(after.referenceDate).toBe(until);
        },
        { storageState: state },
      );
    },
  );
});
