import type { DatabaseHandle } from '@fund/db';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { Config, TrustProxy } from './config/config.ts';
import { requestIdHeader, serverLoggingOptions } from './logging/logger-options.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import { mailerPlugin } from './mail/mailer.plugin.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { allowAuthApiCors } from './modules/identity/auth-api-cors.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { operatorRoutes } from './modules/identity/operator/operator.routes.ts';
import type { SignInNotifier } from './modules/identity/sign-in-notifier.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { badgesRoutes } from './modules/informations/badges.routes.ts';
import { balanceRoutes } from './modules/balance/balance.routes.ts';
import { fundsRoutes } from './modules/funds/funds.routes.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { informationsRoutes } from './modules/informations/informations.routes.ts';
import { userStatusRoutes } from './modules/user-status/user-status.routes.ts';
import { partnerLinksPlugin } from './partners/partner-links.plugin.ts';
import { partnerRoutes } from './partners/partners.routes.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { operatorAuthPlugin } from './plugins/operator-auth.plugin.ts';
import { clockPlugin, systemClock, type Clock } from './plugins/clock.plugin.ts';
import { configPlugin } from './plugins/config.plugin.ts';
import { dbPlugin } from './plugins/db.plugin.ts';
import { errorsPlugin } from './plugins/errors.plugin.ts';
import { openApiPlugin } from './plugins/openapi.plugin.ts';
import { securityHeadersPlugin } from './plugins/security-headers.plugin.ts';
import { signingKeysPlugin } from './plugins/signing-keys.plugin.ts';
import { webPlugin } from './plugins/web.plugin.ts';

/** A hop count means: trust that many proxies nearest to the server (Fastify's typings omit the number form). */
function trustProxyOption(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

export interface BuildAppOptions {
  readonly config: Config;
  /** Open database; the app closes it when it closes. */
  readonly database: DatabaseHandle;
  readonly clock?: Clock;
  /** Replaces the SMTP transport of SMTP_URL (tests). */
  readonly mailTransport?: MailTransport;
  /** Who tells customers about sign-ins and locks; the identity module logs them by default. */
  readonly signInNotifier?: SignInNotifier;
  /** pino-pretty lines instead of JSON: for a developer's terminal only (main.ts decides). */
  readonly prettyLogs?: boolean;
  /** JSON log lines go here instead of stdout. */
  readonly logStream?: DestinationStream;
}

/**
 * Builds the server without listening, so tests drive it with `app.inject()` and main.ts with `listen()`.
 * Routes can still be added until the first `inject`/`ready`/`listen`.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    ...serverLoggingOptions({
      level: config.logLevel,
      ...(options.prettyLogs === undefined ? {} : { pretty: options.prettyLogs }),
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
    }),
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  // Validation messages reach customers as the toast text of 400 answers (spec §8): Japanese, like the UI.
  z.config(z.locales.ja());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });

  await app.register(configPlugin, { config });
  await app.register(clockPlugin, { clock: options.clock ?? systemClock });
  await app.register(dbPlugin, { database: options.database });
  await app.register(mailerPlugin, { transport: options.mailTransport });
  await app.register(securityHeadersPlugin, { publicOrigin: config.publicOrigin });
  await app.register(errorsPlugin);
  await app.register(openApiPlugin);
  await app.register(signingKeysPlugin, { identity: config.identity });
  await app.register(authPlugin);
  await app.register(operatorAuthPlugin);
  await app.register(partnerLinksPlugin);

  await app.register(healthRoutes);
  await app.register(maintenanceRoutes);
  // a root hook, so that preflights of /auth/v1 paths (no OPTIONS routes) are answered too
  allowAuthApiCors(app, config.identity.corsOrigins);
  await app.register(identityRoutes, {
    ...(options.signInNotifier === undefined ? {} : { notifier: options.signInNotifier }),
  });
  await app.register(operatorRoutes);
  // the root shell's calls (spec §7): account manager /v6, product API /v1, balance service /balance
  await app.register(accountsRoutes);
  await app.register(userStatusRoutes);
  await app.register(badgesRoutes);
  await app.register(balanceRoutes);
  await app.register(fundsRoutes);
  await app.register(tradingRoutes);
  await app.register(plansRoutes);
  await app.register(assetsRoutes);
  await app.register(historyRoutes);
  await app.register(informationsRoutes);
  // simulators of the outside sites; the module registers nothing when PARTNER_SIMULATORS is off
  await app.register(partnerRoutes);
  // only outside production; the module itself refuses to register otherwise
  await app.register(devMailboxRoutes);

  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
