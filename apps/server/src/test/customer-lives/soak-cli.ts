// npm run soak:model -- [--minutes 30] [--seed N] [--path P] [--commands 120]
// The long run of the model-based test of customers' lives (issue 25 point 5): random lives on fresh
// embedded databases until the time is up. A failure prints fast-check's report with its seed and path;
// `--seed S --path P` replays exactly that life (and shrinks no further).
import { parseArgs } from 'node:util';
import type { LifeModel } from './commands.ts';
import { runLives } from './run-lives.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    seed: { type: 'string' },
    path: { type: 'string' },
    commands: { type: 'string', default: '120' },
  },
  strict: true,
});
const minutes = Number(values.minutes);
const maxCommands = Number(values.commands);
const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
if (!(minutes > 0) || !Number.isInteger(maxCommands) || maxCommands < 1 || !Number.isInteger(seed)) {
  process.stderr.write(
    'Usage: npm run soak:model -- [--minutes 30] [--seed N] [--path P] [--commands 120]\n',
  );
  process.exit(2);
}

const started = Date.now();
const totals = { lives: 0, calls: 0, days: 0 };
const answers = new Map<string, number>();
function onLife(life: LifeModel) {
  totals.lives += 1;
  totals.calls += life.calls;
  totals.days += life.days;
  for (const [answer, count] of life.answers) answers.set(answer, (answers.get(answer) ?? 0) + count);
  if (totals.lives % 10 === 0) {
    const elapsed = Math.round((Date.now() - started) / 1000);
    console.log(
      `${elapsed} s: ${totals.lives} lives, ${totals.calls} API calls, ${totals.days} business days`,
    );
  }
}

console.log(`Model-based soak: seed ${seed}, up to ${maxCommands} commands a life, ${minutes} min.`);
try {
  await runLives({
    seed,
    numRuns: values.path === undefined ? 1_000_000 : 1,
    maxCommands,
    path: values.path,
    timeLimitMs: values.path === undefined ? minutes * 60_000 : undefined,
    onLife,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  // fast-check's report names the property's failure only as its cause
  if (error instanceof Error && error.cause !== undefined) console.error('\nCaused by:', error.cause);
  console.error(
    `\nReplay: npm run soak:model -- --seed ${seed} --path <path above> --commands ${maxCommands}`,
  );
  process.exitCode = 1;
}
const elapsed = Math.round((Date.now() - started) / 1000);
console.log(
  `${process.exitCode === 1 ? 'FAILED' : 'Nothing found'} after ${elapsed} s: ${totals.lives} lives, ` +
    `${totals.calls} API calls, ${totals.days} business days.`,
);
console.log('Answers by call:');
for (const [answer, count] of [...answers.entries()].sort()) console.log(`  ${answer}: ${count}`);
