// throwaway: main-thread tasks of a signed-in cold load, as Lighthouse's trace sees them
import { writeFileSync } from 'node:fs';
import { launchBrowser, newMobileContext } from '../e2e/support/browser.ts';
import { signedInState } from '../e2e/support/app-session.ts';
import { startServer } from '../e2e/support/server.ts';

const path = process.argv[2] ?? '/';
const server = await startServer({ env: process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {} });
const browser = await launchBrowser();
try {
  const state = await signedInState(browser, server.baseUrl, '1000001');
  for (let round = 0; round < 2; round += 1) {
    const context = await newMobileContext(browser, server.baseUrl, state);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
    await page.goto(server.baseUrl + path, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const buffer = await browser.stopTracing();
    if (round === 0) { await context.close(); continue; }
    writeFileSync('/tmp/trace.json', buffer);
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: any[] };
    const nav = traceEvents.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart' ) ?? traceEvents[0];
    const mainPid = traceEvents.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0]?.processId;
    const threads = traceEvents.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
    const scriptEval = traceEvents.find((e) => e.name === 'EvaluateScript' && String(e.args?.data?.url ?? '').includes('/static/index-'));
    const main = scriptEval ?? threads.find((t) => mainPid === undefined || t.pid === mainPid) ?? threads[threads.length - 1];
    const onMain = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    const tasks = onMain.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur > 5000);
    const t0 = nav.ts;
    for (const task of tasks) {
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
      const byName = new Map<string, number>();
      for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
      const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, d]) => `${n}:${(d / 1000).toFixed(0)}`).join(' ');
      const url = inside.find((e) => e.args?.data?.url)?.args?.data?.url?.split('/').pop() ?? '';
      console.log(`${((task.ts - t0) / 1000).toFixed(0)}ms +${(task.dur / 1000).toFixed(0)} ${url} | ${top}`);
    }
    const marks = traceEvents.filter((e) => ['firstContentfulPaint', 'largestContentfulPaint::Candidate', 'firstPaint'].includes(e.name)).map((e) => `${e.name}@${((e.ts - t0) / 1000).toFixed(0)}`);
    console.log(marks.join(' '));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
