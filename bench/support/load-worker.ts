// Child process of load.ts: runs autocannon against the server in the parent process, so the load
// generator never shares the server's event loop. Receives one LoadOptions message, answers one LoadResult.
import { createRequire } from 'node:module';
import type { LoadOptions, LoadResult } from './load.ts';

interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}

interface AutocannonStats {
  average: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  requests: AutocannonStats & { total: number };
  latency: AutocannonStats;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  '2xx': number;
  statusCodeStats?: Record<string, { count: number }>;
}

type Autocannon = (
  options: {
    url: string;
    connections: number;
    duration: number;
    requests: AutocannonRequest[];
    idReplacement: boolean;
  },
  done: (error: Error | null, result: AutocannonResult) => void,
) => unknown;

// autocannon ships no type declarations: the little of it used here is typed above
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * One request template whose setup hands out `options.requests` round-robin over every request of every
 * connection: the requests in flight at any moment are consecutive entries (e.g. 50 buys for 50 different
 * customers), where a plain list would start every connection at the first entry, all at once.
 */
function roundRobin(options: LoadOptions): AutocannonRequest[] {
  let next = 0;
  return [
    {
      method: 'GET',
      path: '/',
      headers: {},
      setupRequest: (request) => {
        const chosen = options.requests[next % options.requests.length]!;
        next += 1;
        return {
          ...request,
          method: chosen.method,
          path: chosen.path,
          headers: chosen.headers,
          ...(chosen.body === undefined ? {} : { body: chosen.body }),
        };
      },
    },
  ];
}

function run(options: LoadOptions, seconds: number): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.origin,
        connections: options.connections,
        duration: seconds,
        requests: roundRobin(options),
        // `[<id>]` in a header becomes a fresh id per request (the Idempotency-Key of each buy)
        idReplacement: true,
      },
      (error, result) => (error === null ? resolve(result) : reject(error)),
    );
  });
}

process.once('message', (message) => {
  const options = message as LoadOptions;
  void (async () => {
    try {
      if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
      const result = await run(options, options.durationSeconds);
      const answer: LoadResult = {
        requestsPerSecond: result.requests.average,
        totalRequests: result.requests.total,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        ok: result['2xx'],
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        statusCodes: Object.fromEntries(
          Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
        ),
      };
      process.send?.({ ok: true, result: answer });
    } catch (error) {
      process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) });
    } finally {
      process.disconnect?.();
    }
  })();
});
