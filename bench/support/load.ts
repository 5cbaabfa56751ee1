// Load of one route: autocannon (-c 50 -d 10 by default, after a warm-up) in a child process against the
// server listening on loopback in this process.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface LoadOptions {
  /** e.g. http://127.0.0.1:41234 */
  readonly origin: string;
  /** Handed out round-robin over all connections (e.g. one per customer); `[<id>]` is replaced per request. */
  readonly requests: readonly LoadRequest[];
  readonly connections: number;
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
}

export interface LoadResult {
  /** Mean requests per second over the measured run (autocannon's requests.average). */
  readonly requestsPerSecond: number;
  readonly totalRequests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly statusCodes: Record<string, number>;
}

const workerPath = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // same node and loader flags (tsx) as this process
    const child = fork(workerPath, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answered = false;
    child.once('message', (message) => {
      answered = true;
      const answer = message as { ok: true; result: LoadResult } | { ok: false; error: string };
      if (answer.ok) resolve(answer.result);
      else reject(new Error(`autocannon failed: ${answer.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load generator exited with ${code} before answering`));
    });
    child.send(options);
  });
}
