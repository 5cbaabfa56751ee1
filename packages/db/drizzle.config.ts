import { defineConfig } from 'drizzle-kit';

// `npm run generate -w @fund/db -- --name <what-changed>` writes a new SQL migration from the schema.
// Generating needs no database; the same files are applied to PGlite and PostgreSQL by src/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
