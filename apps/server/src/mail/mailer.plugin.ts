import fp from 'fastify-plugin';
import { smtpTransport, type MailTransport } from './mail-transport.ts';
import { Mailer } from './mailer.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one mailer every module sends through (outbox + SMTP). */
    readonly mailer: Mailer;
  }
}

export interface MailerPluginOptions {
  /** Replaces the SMTP transport of the configuration (tests). */
  readonly transport?: MailTransport | undefined;
  /** How often unsent mail is retried; default 30 s. */
  readonly retryIntervalMilliseconds?: number;
}

/**
 * Decorates `app.mailer` and, when mail is delivered, runs a delivery round periodically: it retries
 * failed mail and sends what was enqueued inside a transaction whose caller did not request delivery.
 * Needs the config, clock and db plugins.
 */
export const mailerPlugin = fp<MailerPluginOptions>(
  async (app, options) => {
    const smtpUrl = app.config.mail.smtpUrl;
    const transport = options.transport ?? (smtpUrl === undefined ? undefined : smtpTransport(smtpUrl));
    const mailer = new Mailer({
      db: app.db.db,
      clock: app.realClock, // leases and retry delays are real time
      transport,
      from: app.config.mail.from,
      logger: app.log,
    });
    app.decorate('mailer', mailer);

    let timer: NodeJS.Timeout | undefined;
    if (mailer.delivers) {
      app.addHook('onReady', async () => {
        // the server may listen before the database is ready (db.plugin.ts): the outbox is read after
        app.whenDatabaseReady(() => {
          mailer.requestDelivery();
          timer = setInterval(() => mailer.requestDelivery(), options.retryIntervalMilliseconds ?? 30_000);
          // the timer alone must not keep a finished process (a CLI, a test) alive
          timer.unref();
        });
      });
    }
    app.addHook('onClose', async () => {
      if (timer !== undefined) clearInterval(timer);
      await mailer.close();
    });
  },
  { name: 'mailer', fastify: '5.x', dependencies: ['config', 'clock', 'db'] },
);
