import type { DatabaseHandle } from '@fund/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (PGlite or PostgreSQL); closed when the app closes. */
    readonly db: DatabaseHandle;
    /** Whether the database is ready for requests (main.ts listens before it is: see `ready` below). */
    readonly isDatabaseReady: () => boolean;
    /** Runs `start` once the database is ready, at once if it is: work outside requests that needs it. */
    readonly whenDatabaseReady: (start: () => void) => void;
  }
  interface FastifyContextConfig {
    /**
     * The route answers without waiting for the database to be ready: the web app's files, and health
     * (503 until then). Every other route's requests wait for it.
     */
    readonly answersBeforeDatabaseReady?: boolean;
  }
}

export interface DbPluginOptions {
  readonly database: DatabaseHandle;
  /**
   * Settles when the database is ready for requests (started, migrated, a new one given its demo data):
   * main.ts listens before that so the web app's files are served meanwhile (decision 033), and every
   * other request waits for it. Ready already when not given.
   */
  readonly ready?: Promise<unknown>;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { database, ready = Promise.resolve() }) => {
    let isReady = false;
    const readied = ready.then(() => {
      isReady = true;
    });
    readied.catch(() => undefined); // a database that could not be made ready ends the process (main.ts)
    app.decorate('db', database);
    app.decorate('isDatabaseReady', () => isReady);
    app.decorate('whenDatabaseReady', (start: () => void) => {
      void readied.then(start, () => undefined);
    });
    // the app's first hook but the request id's: nothing after it runs before the database is ready
    app.addHook('onRequest', async (request) => {
      if (!isReady && request.routeOptions.config.answersBeforeDatabaseReady !== true && !request.is404)
        await readied;
    });
    // The app owns the handle from here on: shutdown (close-with-grace → app.close) must release the
    // PGlite lock or the PostgreSQL pool after the last in-flight request.
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db', fastify: '5.x' },
);
