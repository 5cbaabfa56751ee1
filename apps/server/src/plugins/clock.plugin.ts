import fp from 'fastify-plugin';

/** Where the server reads the current time: tests pin it, so business-hour rules are tested at fixed instants. */
export interface Clock {
  now(): Date;
  /** Stops a clock that refreshes itself (the demo clock, `jobs/demo-clock.ts`); called when the app closes. */
  close?(): void;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    readonly clock: Clock;
  }
}

export interface ClockPluginOptions {
  readonly clock: Clock;
}

export const clockPlugin = fp<ClockPluginOptions>(
  async (app, { clock }) => {
    app.decorate('clock', clock);
    if (clock.close !== undefined) app.addHook('onClose', async () => clock.close?.());
  },
  { name: 'clock', fastify: '5.x' },
);
