// The floor routes of the API benchmark, mounted on the real app by bench/api.ts before it listens — never
// part of the production server. Same Fastify instance, plugins, hooks, logger and database pool as the
// routes measured against them.
import type { App } from '../../apps/server/src/app.ts';
import { sql } from 'drizzle-orm';

export const floorPaths = { hello: '/bench/hello', pk: '/bench/pk', insert: '/bench/insert' } as const;

/** A table of its own for the single-row INSERT floor (the bench database is dropped afterwards). */
export async function createFloorTable(app: App): Promise<void> {
  await app.db.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_floor_rows (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    customer_id uuid NOT NULL,
    amount bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
}

/**
 * - GET /bench/hello: a JSON answer, no I/O (the framework's floor);
 * - GET /bench/pk: one primary-key SELECT of a customer row through the app's pool;
 * - POST /bench/insert: parses a JSON body and INSERTs one row (RETURNING its id), answers 201.
 */
export function registerFloorRoutes(app: App, pkCustomerId: string): void {
  app.get(floorPaths.hello, async () => ({ hello: 'world' }));
  app.get(floorPaths.pk, async () => {
    const result = await app.db.db.execute(
      sql`SELECT id, account_number, branch_code FROM customers WHERE id = ${pkCustomerId}::uuid`,
    );
    return (result as unknown as { rows: unknown[] }).rows[0];
  });
  app.post(floorPaths.insert, async (request, reply) => {
    const body = request.body as { amount?: string | number } | undefined;
    const result = await app.db.db.execute(
      sql`INSERT INTO bench_floor_rows (customer_id, amount)
        VALUES (${pkCustomerId}::uuid, ${String(body?.amount ?? 0)}::bigint) RETURNING id`,
    );
    return reply.code(201).send((result as unknown as { rows: unknown[] }).rows[0]);
  });
}
