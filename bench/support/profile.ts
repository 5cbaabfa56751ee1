// BENCH_PROFILE_DIR: a V8 CPU profile of the server (this process) for each route's measured rounds, to open
// in Chrome DevTools or speedscope. The load generator runs in a child process and is not in the profile.
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { envText } from './env.ts';

const directory = envText('BENCH_PROFILE_DIR');

/** Runs `work`, profiling the CPU meanwhile when BENCH_PROFILE_DIR is set; `name` names the file. */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (directory === undefined) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(directory, { recursive: true });
    const file = join(directory, `${name.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
  }
}
