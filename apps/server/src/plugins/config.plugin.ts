import fp from 'fastify-plugin';
import type { Config } from '../config/config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configuration parsed at start; routes and plugins read it from here, never from the environment. */
    readonly config: Config;
  }
}

export interface ConfigPluginOptions {
  readonly config: Config;
}

export const configPlugin = fp<ConfigPluginOptions>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config', fastify: '5.x' },
);
