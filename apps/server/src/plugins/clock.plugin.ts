import fp from 'fastify-plugin';

/** Where the server reads the current time: tests pin it, so time-dependent rules are tested at fixed instants. */
export interface Clock {
  now(): Date;
  /** Stops a clock that refreshes itself (the demo clock, `jobs/demo-clock.ts`); called when the app closes. */
  close?(): void;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The business clock: 申込日, cut-offs, NAV dates, business days, the demo history. In development
     * it may run ahead of the real time (the demo clock, domain.md §8).
     */
    readonly clock: Clock;
    /**
     * The real clock: every lifetime of a credential is judged on it — access and operator tokens, grants
     * and sessions, one-time codes, step-up tokens, signed links, rate-limit windows — because the
     * identity provider issues them on the real time (oidc-provider reads Date.now()). A demo clock that
     * jumps days ahead must not expire a token that was signed a minute ago (issue 13, point 1).
     */
    readonly realClock: Clock;
  }
}

export interface ClockPluginOptions {
  readonly clock: Clock;
  readonly realClock: Clock;
}

export const clockPlugin = fp<ClockPluginOptions>(
  async (app, { clock, realClock }) => {
    app.decorate('clock', clock);
    app.decorate('realClock', realClock);
    if (clock.close !== undefined) app.addHook('onClose', async () => clock.close?.());
  },
  { name: 'clock', fastify: '5.x' },
);
