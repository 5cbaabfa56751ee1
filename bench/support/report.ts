// Output shared by the benchmarks: a console table, JSON in bench-results/, and the exit code.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** One budget: a measured ratio against its limit (`atMost`: ratio ≤ limit; else ratio ≥ limit). */
export interface BudgetCheck {
  readonly name: string;
  readonly ratio: number;
  readonly limit: number;
  readonly atMost: boolean;
  readonly withinBudget: boolean;
}

export function budget(name: string, ratio: number, limit: number, atMost: boolean): BudgetCheck {
  const rounded = round(ratio, 3);
  return { name, ratio: rounded, limit, atMost, withinBudget: atMost ? ratio <= limit : ratio >= limit };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Prints the budgets as a table (ratio, budget, verdict) and the "not measured" lines. */
export function printBudgets(checks: readonly BudgetCheck[], notMeasured: readonly string[]): void {
  if (checks.length > 0) {
    console.table(
      Object.fromEntries(
        checks.map((check) => [
          check.name,
          {
            ratio: check.ratio,
            budget: `${check.atMost ? '≤' : '≥'} ${check.limit}`,
            verdict: check.withinBudget ? 'ok' : 'OVER BUDGET',
          },
        ]),
      ),
    );
  }
  for (const line of notMeasured) console.log(`not measured: ${line}`);
}

/** Writes bench-results/<file>, prints the verdict and sets the exit code (1 over budget). */
export function finish(file: string, results: Record<string, unknown>, checks: readonly BudgetCheck[]): void {
  const withinBudget = checks.every((check) => check.withinBudget);
  const outDir = join(repoRoot, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, file),
    `${JSON.stringify({ ...results, budgets: checks, withinBudget }, null, 2)}\n`,
  );
  console.log(`JSON: bench-results/${file}`);
  console.log(withinBudget ? 'Within budget.' : 'OVER BUDGET.');
  if (!withinBudget) process.exitCode = 1;
}
