import { customerIssueMessage, maxRequestBodyBytes } from '@fund/contracts';
import type { DatabaseHandle } from '@fund/db';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { Config } from './config/config.ts';
import type { TrustProxy } from './config/server-config.ts';
import { requestIdHeader, serverLoggingOptions } from './logging/logger-options.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import { mailerPlugin } from './mail/mailer.plugin.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { allowAuthApiCors } from './modules/identity/auth-api-cors.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { operatorConsoleRoutes } from './modules/operator-console/operator-console.routes.ts';
import { operatorRoutes } from './modules/identity/operator/operator.routes.ts';
import type { SignInNotifier } from './modules/identity/sign-in-notifier.ts';
import { closeDuringMaintenance } from './modules/maintenance/maintenance-gate.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { accountManagerRoutes } from './modules/account-manager/account-manager.routes.ts';
import { agentsRoutes } from './modules/agents/agents.routes.ts';
import { badgesRoutes } from './modules/informations/badges.routes.ts';
import { balanceRoutes } from './modules/balance/balance.routes.ts';
import { fundsRoutes } from './modules/funds/funds.routes.ts';
import { fundFeedRoutes } from './modules/fund-feed/fund-feed.routes.ts';
import { inboundAccountsRoutes } from './modules/inbound-accounts/inbound-accounts.routes.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { paymentAccountsRoutes } from './modules/payment-accounts/payment-accounts.routes.ts';
import { pointRoutes } from './modules/payment-accounts/point.routes.ts';
import { temporaryUsersRoutes } from './modules/temporary-users/temporary-users.routes.ts';
import { informationsRoutes } from './modules/informations/informations.routes.ts';
import { userStatusRoutes } from './modules/user-status/user-status.routes.ts';
import { operatorAccessRoutes } from './modules/operator-access/operator-access.routes.ts';
import { partnerLinksPlugin } from './partners/partner-links.plugin.ts';
import { partnerRoutes } from './partners/partners.routes.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { operatorAuthPlugin } from './plugins/operator-auth.plugin.ts';
import { clockPlugin, systemClock, type Clock } from './plugins/clock.plugin.ts';
import { configPlugin } from './plugins/config.plugin.ts';
import { dbPlugin } from './plugins/db.plugin.ts';
import { errorsPlugin } from './plugins/errors.plugin.ts';
import { inputGuardPlugin } from './plugins/input-guard.plugin.ts';
import { openApiPlugin } from './plugins/openapi.plugin.ts';
import { securityHeadersPlugin } from './plugins/security-headers.plugin.ts';
import { reauthenticationPlugin } from './modules/identity/reauthentication.plugin.ts';
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
  /** Settles when the database is ready for requests (db.plugin.ts); ready already when not given. */
  readonly databaseReady?: Promise<unknown>;
  /** The business clock (default: the system clock); the demo clock in development. */
  readonly clock?: Clock;
  /** The real clock of credential lifetimes (default: the system clock, which the identity provider reads too). */
  readonly realClock?: Clock;
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
    bodyLimit: maxRequestBodyBytes,
  }).withTypeProvider<ZodTypeProvider>();

  // Validation messages reach customers as the toast text of 400 answers (spec §8): a sentence written
  // for the customer per field (contracts field-messages), unless the schema has its own message.
  z.config(z.locales.ja());
  z.config({ customError: customerIssueMessage });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });

  await app.register(configPlugin, { config });
  await app.register(clockPlugin, {
    clock: options.clock ?? systemClock,
    realClock: options.realClock ?? systemClock,
  });
  await app.register(dbPlugin, {
    database: options.database,
    ...(options.databaseReady === undefined ? {} : { ready: options.databaseReady }),
  });
  await app.register(mailerPlugin, { transport: options.mailTransport });
  await app.register(securityHeadersPlugin, {
    publicOrigin: config.publicOrigin,
    tradeReportsUrl: config.partners.tradeReportsUrl,
  });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(openApiPlugin);
  await app.register(signingKeysPlugin, { identity: config.identity });
  await app.register(authPlugin);
  await app.register(operatorAuthPlugin);
  await app.register(partnerLinksPlugin);
  await app.register(reauthenticationPlugin);

  await app.register(healthRoutes);
  await app.register(maintenanceRoutes);
  // a root hook, so that preflights of /auth/v1 paths (no OPTIONS routes) are answered too
  allowAuthApiCors(app, config.identity.corsOrigins);
  await app.register(identityRoutes, {
    ...(options.signInNotifier === undefined ? {} : { notifier: options.signInNotifier }),
  });
  await app.register(operatorRoutes);
  await app.register(operatorConsoleRoutes);
  // calls from outside systems, signed (plugins/signed-inbound.ts): each in a context of its own
  await app.register(fundFeedRoutes);
  await app.register(inboundAccountsRoutes);
  // the root shell's calls (spec §7): account manager /v6, product API /v1, balance service /balance;
  // one scope, closed while maintenance is in effect
  await app.register(async (customerApi) => {
    closeDuringMaintenance(customerApi);
    await customerApi.register(accountManagerRoutes);
    await customerApi.register(agentsRoutes);
    await customerApi.register(userStatusRoutes);
    await customerApi.register(badgesRoutes);
    await customerApi.register(balanceRoutes);
    await customerApi.register(fundsRoutes);
    await customerApi.register(tradingRoutes);
    await customerApi.register(plansRoutes);
    await customerApi.register(assetsRoutes);
    await customerApi.register(historyRoutes);
    await customerApi.register(informationsRoutes);
    await customerApi.register(documentsRoutes);
    await customerApi.register(pointRoutes);
    await customerApi.register(paymentAccountsRoutes);
    await customerApi.register(temporaryUsersRoutes);
    await customerApi.register(operatorAccessRoutes);
  });
  // simulators of the outside sites; the module registers nothing when PARTNER_SIMULATORS is off
  await app.register(partnerRoutes);
  // only outside production; the module itself refuses to register otherwise
  await app.register(devMailboxRoutes);

  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
