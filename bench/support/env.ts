// The knobs of the benchmarks. Bench scripts are tools, not the server: they read the environment
// directly (the server reads it only through its config module), and only here.

const environment: Readonly<Record<string, string | undefined>> = process.env;

export function envText(name: string): string | undefined {
  const value = environment[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function envNumber(name: string, fallback: number): number {
  const text = envText(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${text}"`);
  return value;
}

export function envNumbers(name: string, fallback: readonly number[]): number[] {
  const text = envText(name);
  if (text === undefined) return [...fallback];
  const values = text.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isInteger(value) || value <= 0)) {
    throw new Error(`${name} must be comma-separated whole numbers, got "${text}"`);
  }
  return values;
}

export function envFlag(name: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes((envText(name) ?? '').toLowerCase());
}

/**
 * The PostgreSQL server the benchmarks create their own throw-away databases on: BENCH_DATABASE_URL, else
 * DATABASE_URL. Budgets are about PostgreSQL, so there is no silent fallback to PGlite.
 */
export function postgresServerUrl(): string {
  const url = envText('BENCH_DATABASE_URL') ?? envText('DATABASE_URL');
  if (url === undefined) {
    throw new Error(
      'Set DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server, e.g. ' +
        'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api — the benchmark creates ' +
        'and drops a database of its own there.',
    );
  }
  return url;
}
