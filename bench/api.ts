// API budgets of performance.md, each a ratio against a floor route measured in the same run: the real app
// (buildApp) on a fresh PostgreSQL database, listening on loopback, with floor routes mounted only here;
// autocannon (-c 50 -d 10 after a warm-up) in a child process against each floor and each target.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase, seedDemoData, type DatabaseHandle } from '@fund/db';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config/config.ts';
import { manySignInsEnv, signInCustomer } from '../apps/server/src/test/customer-session.ts';
import { buyFundCode, seedAssetsCustomer, seedBuyCustomers } from './support/api-data.ts';
import { createBenchDatabase } from './support/database.ts';
import { envFlag, envNumber, envText, postgresServerUrl } from './support/env.ts';
import { createFloorTable, floorPaths, registerFloorRoutes } from './support/floor-routes.ts';
import { runLoad, type LoadRequest, type LoadResult } from './support/load.ts';
import { profiled } from './support/profile.ts';
import { budget, finish, printBudgets, round, type BudgetCheck } from './support/report.ts';

const settings = {
  connections: envNumber('BENCH_CONNECTIONS', 50),
  durationSeconds: envNumber('BENCH_DURATION', 10),
  warmupSeconds: envNumber('BENCH_WARMUP', 3),
  /** The measured seconds of each route are split into this many interleaved rounds (see measureSuite). */
  rounds: Math.round(envNumber('BENCH_ROUNDS', 5)),
  /** Customers the buys rotate through (a buy locks its customer's row: one customer would serialise them). */
  buyCustomers: envNumber('BENCH_BUY_CUSTOMERS', 50),
  /** Also measure every route on PGlite in-process (a second column, no budgets). */
  pglite: envFlag('BENCH_PGLITE'),
  /** Only these groups of routes (hello, read, write), e.g. BENCH_GROUPS=read while working on a read route. */
  groups: (envText('BENCH_GROUPS') ?? 'hello,read,write').split(',').map((group) => group.trim()),
};
const limits = {
  accountsThroughput: 0.7,
  accountsP99: 2,
  assetsThroughput: 0.4,
  buyThroughput: 0.5,
};
/** The public origin the tokens are issued for (PUBLIC_ORIGIN's default): every request carries its Host. */
const host = 'localhost:3000';
const mainDemoCustomer = '1000001';

interface Target {
  readonly name: string;
  readonly route: string;
  readonly requests: readonly LoadRequest[];
  readonly expectStatus: number;
}

function get(path: string, token?: string): LoadRequest {
  return {
    method: 'GET',
    path,
    headers: { host, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
  };
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): LoadRequest {
  return {
    method: 'POST',
    path,
    headers: { host, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** One real request through the listening server before the load, so a broken target is not "fast". */
async function probe(origin: string, request: LoadRequest): Promise<{ status: number; body: string }> {
  const { host: _host, ...headers } = request.headers;
  const response = await fetch(`${origin}${request.path}`, {
    method: request.method,
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return { status: response.status, body: (await response.text()).slice(0, 300) };
}

async function startApp(handle: DatabaseHandle) {
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MAINTENANCE_WINDOWS: 'off',
    WEB_DIST_DIR: join(tmpdir(), 'fund-bench-web-dist-absent'),
    PGLITE_DATA_DIR: 'memory://',
    ...manySignInsEnv,
  });
  return buildApp({ config, database: handle });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One route's rounds as one result: medians of req/s and latencies, sums of the counts. */
function combine(rounds: readonly LoadResult[]): LoadResult {
  const sum = (pick: (result: LoadResult) => number) =>
    rounds.reduce((total, result) => total + pick(result), 0);
  const statusCodes: Record<string, number> = {};
  for (const result of rounds) {
    for (const [code, count] of Object.entries(result.statusCodes))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  return {
    requestsPerSecond: median(rounds.map((result) => result.requestsPerSecond)),
    totalRequests: sum((result) => result.totalRequests),
    p50Ms: median(rounds.map((result) => result.p50Ms)),
    p99Ms: median(rounds.map((result) => result.p99Ms)),
    ok: sum((result) => result.ok),
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    statusCodes,
  };
}

interface Suite {
  readonly database: 'postgres' | 'pglite';
  readonly routes: readonly { target: Target; result: LoadResult }[];
  readonly notMeasured: readonly string[];
  readonly assetsTrades: number;
  readonly buyCustomers: number;
}

/** Seeds the database, builds the real app on it with the floor routes, listens, and loads every route. */
async function measureSuite(database: 'postgres' | 'pglite', handle: DatabaseHandle): Promise<Suite> {
  console.log(`${database}: seeding…`);
  await seedDemoData(handle);
  const assetsCustomer = await seedAssetsCustomer(handle);
  const buyers = await seedBuyCustomers(handle, settings.buyCustomers);

  const app: App = await startApp(handle);
  try {
    await createFloorTable(app);
    registerFloorRoutes(app, assetsCustomer.customerId);
    const has = (method: 'GET' | 'POST', url: string) => app.hasRoute({ method, url });

    console.log(`${database}: signing in ${2 + buyers.length} customers (real sign-in and code exchange)…`);
    const accountsToken = (await signInCustomer(app, mainDemoCustomer)).access_token;
    const assetsToken = (await signInCustomer(app, assetsCustomer.accountNumber)).access_token;
    const buyTokens: string[] = [];
    for (const buyer of buyers) buyTokens.push((await signInCustomer(app, buyer.accountNumber)).access_token);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const origin = `http://127.0.0.1:${address.port}`;

    const buyBody = { fundCode: buyFundCode, accountType: 'specific', orderType: 'AMOUNT', amount: '10000' };
    const notMeasured: string[] = [];
    const candidates: (Target & { registered: boolean; missing: string; group: string })[] = [
      {
        name: 'floor: hello JSON',
        group: 'hello',
        route: `GET ${floorPaths.hello}`,
        requests: [get(floorPaths.hello)],
        expectStatus: 200,
        registered: true,
        missing: '',
      },
      {
        name: 'floor: PK SELECT',
        group: 'read',
        route: `GET ${floorPaths.pk}`,
        requests: [get(floorPaths.pk)],
        expectStatus: 200,
        registered: true,
        missing: '',
      },
      {
        name: 'accounts',
        group: 'read',
        route: 'GET /v6/accounts',
        requests: [get('/v6/accounts', accountsToken)],
        expectStatus: 200,
        registered: has('GET', '/v6/accounts'),
        missing: 'the route is not registered (modules/account-manager)',
      },
      {
        name: 'assets',
        group: 'read',
        route: 'GET /v1/assets',
        requests: [get('/v1/assets', assetsToken)],
        expectStatus: 200,
        registered: has('GET', '/v1/assets'),
        missing: 'the route is not registered (modules/assets)',
      },
      {
        name: 'floor: single-row INSERT',
        group: 'write',
        route: `POST ${floorPaths.insert}`,
        requests: [post(floorPaths.insert, buyBody)],
        expectStatus: 201,
        registered: true,
        missing: '',
      },
      {
        name: 'buy',
        group: 'write',
        route: 'POST /v1/orders/buy',
        // each connection cycles through the customers; `[<id>]` is a fresh Idempotency-Key per request
        requests: buyTokens.map((token) =>
          post('/v1/orders/buy', buyBody, { authorization: `Bearer ${token}`, 'idempotency-key': '[<id>]' }),
        ),
        expectStatus: 201,
        registered: has('POST', '/v1/orders/buy'),
        missing: 'the route is not registered (modules/trading)',
      },
    ];

    const ready: typeof candidates = [];
    for (const target of candidates.filter((candidate) => settings.groups.includes(candidate.group))) {
      if (!target.registered) {
        notMeasured.push(`${target.route} on ${database} — ${target.missing}`);
        continue;
      }
      const answer = await probe(origin, target.requests[0]!);
      if (answer.status !== target.expectStatus) {
        notMeasured.push(
          `${target.route} on ${database} — a probe answered ${answer.status}, not ${target.expectStatus}: ${answer.body}`,
        );
        continue;
      }
      ready.push(target);
    }

    // Per group (a floor and the targets compared with it), a warm-up of each route, then rounds in which
    // every route of the group runs for duration ÷ rounds seconds in turn: a busy moment of the shared
    // machine then falls on the floor and the targets alike. A route's figures are the medians of its rounds.
    const roundSeconds = settings.durationSeconds / settings.rounds;
    const routes: { target: Target; result: LoadResult }[] = [];
    for (const group of ['hello', 'read', 'write'].filter((name) => settings.groups.includes(name))) {
      const members = ready.filter((target) => target.group === group);
      if (members.length === 0) continue;
      const load = (target: Target, seconds: number) =>
        runLoad({
          origin,
          requests: target.requests,
          connections: settings.connections,
          durationSeconds: seconds,
          warmupSeconds: 0,
        });
      process.stdout.write(`${database} ${members.map((target) => target.route).join(', ')}: warm-up`);
      for (const target of members) await load(target, settings.warmupSeconds);
      // What the warm-up wrote is analysed, as autovacuum does within a minute on a running service: the
      // rounds then run on plans made for tables of their size. Without it, the foreign-key checks and
      // lookups keep the sequential scans planned for the nearly empty tables of the fresh database while
      // the buys fill them (each check then reads the whole table).
      await handle.db.execute(sql`ANALYZE`);
      const samples = new Map<string, LoadResult[]>(members.map((target) => [target.name, []]));
      for (let round = 0; round < settings.rounds; round += 1) {
        process.stdout.write(`, round ${round + 1}/${settings.rounds}`);
        for (const target of members) {
          const result = await profiled(`${database}-${target.name}`, () => load(target, roundSeconds));
          samples.get(target.name)!.push(result);
        }
      }
      console.log('');
      for (const target of members) routes.push({ target, result: combine(samples.get(target.name)!) });
    }
    return {
      database,
      routes,
      notMeasured,
      assetsTrades: assetsCustomer.trades,
      buyCustomers: buyers.length,
    };
  } finally {
    await app.close(); // closes the handle too
  }
}

const started = performance.now();
const suites: Suite[] = [];
const postgres = await createBenchDatabase(postgresServerUrl(), 10);
console.log(`PostgreSQL database ${postgres.name}, pool 10`);
try {
  suites.push(await measureSuite('postgres', postgres.handle));
} finally {
  await postgres.drop();
}
if (settings.pglite) {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(handle);
  suites.push(await measureSuite('pglite', handle));
}

const table: Record<string, Record<string, number | string>> = {};
for (const suite of suites) {
  for (const { target, result } of suite.routes) {
    table[`${suite.database}: ${target.name} (${target.route})`] = {
      'req/s': Math.round(result.requestsPerSecond),
      'p50 ms': result.p50Ms,
      'p99 ms': result.p99Ms,
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
    };
  }
}
console.table(table);

// budgets: PostgreSQL only (performance.md); PGlite is shown for orientation
const measured = new Map(suites[0]!.routes.map(({ target, result }) => [target.name, result]));
const checks: BudgetCheck[] = [];
const clean = (result: LoadResult) => result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
const addCheck = (name: string, ratio: number, limit: number, atMost: boolean, ...results: LoadResult[]) => {
  const check = budget(name, ratio, limit, atMost);
  checks.push(
    results.every(clean)
      ? check
      : { ...check, name: `${name} (INVALID: non-2xx answers or errors)`, withinBudget: false },
  );
};
const pk = measured.get('floor: PK SELECT');
const insert = measured.get('floor: single-row INSERT');
const accounts = measured.get('accounts');
const assets = measured.get('assets');
const buy = measured.get('buy');
const notMeasured = suites.flatMap((suite) => suite.notMeasured);
if (notMeasured.length > 0) {
  // a route that could not be measured (or its floor) leaves its budget unproven
  checks.push({ name: 'every route measured', ratio: 0, limit: 1, atMost: false, withinBudget: false });
}
if (pk !== undefined && accounts !== undefined) {
  const { accountsThroughput, accountsP99 } = limits;
  addCheck(
    'accounts req/s ÷ PK-SELECT req/s',
    accounts.requestsPerSecond / pk.requestsPerSecond,
    accountsThroughput,
    false,
    pk,
    accounts,
  );
  addCheck(
    'accounts p99 ÷ PK-SELECT p99',
    accounts.p99Ms / Math.max(pk.p99Ms, 1),
    accountsP99,
    true,
    pk,
    accounts,
  );
}
if (pk !== undefined && assets !== undefined) {
  addCheck(
    'assets req/s ÷ PK-SELECT req/s',
    assets.requestsPerSecond / pk.requestsPerSecond,
    limits.assetsThroughput,
    false,
    pk,
    assets,
  );
}
if (insert !== undefined && buy !== undefined) {
  addCheck(
    'buy req/s ÷ INSERT req/s',
    buy.requestsPerSecond / insert.requestsPerSecond,
    limits.buyThroughput,
    false,
    insert,
    buy,
  );
}
printBudgets(checks, notMeasured);

finish(
  'api.json',
  {
    poolSize: 10,
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    rounds: settings.rounds,
    assetsCustomer: { trades: suites[0]!.assetsTrades, funds: 5, years: 10 },
    buyCustomers: suites[0]!.buyCustomers,
    suites: suites.map((suite) => ({
      database: suite.database,
      routes: Object.fromEntries(
        suite.routes.map(({ target, result }) => [
          target.name,
          { route: target.route, ...result, requestsPerSecond: round(result.requestsPerSecond, 1) },
        ]),
      ),
    })),
    notMeasured,
    elapsedSeconds: round((performance.now() - started) / 1000, 1),
  },
  checks,
);
