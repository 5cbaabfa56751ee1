// throwaway: CPU profile of a signed-in cold load
import { launchBrowser, newMobileContext } from '../e2e/support/browser.ts';
import { signedInState } from '../e2e/support/app-session.ts';
import { startServer } from '../e2e/support/server.ts';

const path = process.argv[2] ?? '/';
const server = await startServer({ env: process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {} });
const browser = await launchBrowser();
try {
  const state = await signedInState(browser, server.baseUrl, '1000001');
  for (let round = 0; round < 3; round += 1) {
    const context = await newMobileContext(browser, server.baseUrl, state);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await page.goto(server.baseUrl + path);
    await page.waitForTimeout(6000);
    const { profile } = await cdp.send('Profiler.stop');
    const timing = await page.evaluate(() => {
      const paints = performance.getEntriesByType('paint').map((p) => `${p.name}:${Math.round(p.startTime)}`);
      const res = performance.getEntriesByType('resource').map((r) => `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.name.replace(location.origin, '')}`);
      return { paints, res };
    });
    if (round < 2) { await context.close(); continue; }
    console.log('wall', Date.now() - t0, timing.paints.join(' '));
    console.log(timing.res.join('\n'));
    const self = new Map<string, number>();
    const byUrl = new Map<string, number>();
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const n = nodes.get(id)!;
      const f = n.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      const u = f.url.split('/').pop() || f.functionName;
      byUrl.set(u, (byUrl.get(u) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    {
      let t = 0;
      const buckets = new Map<number, Map<string, number>>();
      (profile.samples ?? []).forEach((id, i) => {
        t += (dt[i] ?? 0) / 1000;
        const n = nodes.get(id)!;
        const f = n.callFrame;
        if (f.functionName === '(idle)') return;
        const b = Math.floor(t / 25) * 25;
        const m = buckets.get(b) ?? new Map<string, number>();
        const key = `${f.functionName || '(anon)'}@${f.url.split('/').pop()}`;
        m.set(key, (m.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
        buckets.set(b, m);
      });
      for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
        const total = [...m.values()].reduce((a, c) => a + c, 0);
        if (total < 3) continue;
        console.log(b, total.toFixed(0), [...m].sort((x, y) => y[1] - x[1]).slice(0, 4).map(([k, v]) => `${k}:${v.toFixed(0)}`).join(' '));
      }
    }
    console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
    console.log('--');
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
