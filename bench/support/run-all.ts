// `npm run bench`: every benchmark one after the other (never in parallel: they would measure each other),
// all of them even when one is over budget; exits non-zero when any did.
import { spawnSync } from 'node:child_process';

const parts = ['bench:web', 'bench:lighthouse', 'bench:valuation', 'bench:api', 'bench:batch', 'bench:start'];
const outcomes: { part: string; status: string }[] = [];
for (const part of parts) {
  console.log(`\n=== npm run ${part} ===`);
  const run = spawnSync('npm', ['run', '--silent', part], { stdio: 'inherit' });
  outcomes.push({ part, status: run.status === 0 ? 'within budget' : `exit ${run.status ?? run.signal}` });
}
console.log('');
console.table(Object.fromEntries(outcomes.map(({ part, status }) => [part, status])));
if (outcomes.some(({ status }) => status !== 'within budget')) process.exitCode = 1;
