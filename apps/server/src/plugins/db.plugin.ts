import type { DatabaseHandle } from '@fund/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (PGlite or PostgreSQL); closed when the app closes. */
    readonly db: DatabaseHandle;
  }
}

export interface DbPluginOptions {
  readonly database: DatabaseHandle;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { database }) => {
    app.decorate('db', database);
    // The app owns the handle from here on: shutdown (close-with-grace → app.close) must release the
    // PGlite lock or the PostgreSQL pool after the last in-flight request.
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db', fastify: '5.x' },
);
