import {
  accountTransferAccountSchema,
  authorizationTokenRequestSchema,
  authorizationTokenResponseSchema,
  creditCardSchema,
  errorBodySchema,
  putCreditCardRequestSchema,
  SaisonConnectPath,
  type AccountTransferAccount,
  type CreditCard,
} from '@fund/contracts';
import { CardLinkCallbackPath } from '@fund/contracts/paths';
import type { AccountTransferAccountRow, DatabaseExecutor, LinkedCard } from '@fund/db';
import { cardStateOn, jstDateOf, tradingStandingRefusal } from '@fund/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerCallActor, recordAudit } from '../../audit/audit-log.ts';
import { UnauthorizedError } from '../../errors/app-error.ts';
import { tradingStandingError } from '../../errors/trading-standing-error.ts';
import { cardIssuerClientFor } from './card-issuer-client.ts';
import { CardServiceUnavailableError } from '../../errors/card-errors.ts';
import {
  CardAuthorizationRefusedError,
  CardMfaNotCompletedError,
  NoAccountTransferAccountError,
  NoLinkedCardError,
} from './payment-accounts-errors.ts';
import {
  findAccountTransferAccount,
  findLinkedCard,
  findTradingStanding,
  hasPendingLink,
  savePendingLink,
  saveLinkedCard,
  takePendingLink,
} from './payment-accounts.repository.ts';

/** A link waits this long for the issuer's multi-factor step (as the issuer's onetime token lives). */
const pendingLinkTtlMs = 10 * 60_000;

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

function callerOf(request: FastifyRequest) {
  // requireCustomer() has run: only a verified customer token reaches a handler
  if (request.customer === null) throw new UnauthorizedError();
  return request.customer;
}

function creditCardBody(card: LinkedCard, today: string): CreditCard {
  return {
    creditCard: {
      cardName: card.cardName,
      last4: card.last4,
      expiry: card.expiry,
      pointsEarning: card.pointsEarning,
      state: cardStateOn(card, today),
      linkedOn: card.linkedOn,
    },
  };
}

function accountBody(row: AccountTransferAccountRow): AccountTransferAccount {
  return {
    account: {
      bankCode: row.bankCode,
      bankName: row.bankName,
      branchCode: row.branchCode,
      branchName: row.branchName,
      accountType: row.accountType,
      accountNumberLast3: row.accountNumber.slice(-3),
      holderNameKana: row.holderNameKana,
    },
  };
}

/**
 * Refuses linking a card for a customer who may not trade (locked 400-100, closed 400-216, not opened
 * 400-215): a card on file is a way to pay for 積立 and spot buys, so it is set up only by those who may
 * buy, as orders and 積立 are (issue 13, issue 25). Checked at both steps, so a link started before the
 * account was locked or closed cannot finish after it.
 */
async function refuseUnlessMayTrade(db: DatabaseExecutor, customerId: string): Promise<void> {
  const standing = await findTradingStanding(db, customerId);
  // no account row is an account not opened, as for orders
  const refusal = standing === undefined ? 'account-not-opened' : tradingStandingRefusal(standing);
  if (refusal !== undefined) throw tradingStandingError(refusal);
}

/**
 * The customer's payment accounts (spec §7, decision 018): the card on file and its link through the card
 * issuer (authorization code → onetime token → multi-factor step → PUT), and the 口座振替 bank account.
 */
export const paymentAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requireCustomer();
  const write = app.requireCustomer(['user.write']);
  const issuer = cardIssuerClientFor(app);
  const today = () => jstDateOf(app.clock.now());

  app.get(
    SaisonConnectPath.creditCard,
    {
      onRequest: read,
      schema: {
        operationId: 'getCreditCard',
        summary: 'The credit card linked through the card issuer; 400-100 when none',
        tags: ['cashflows'],
        response: { 200: creditCardSchema, ...readErrors },
      },
    },
    async (request) => {
      const card = await findLinkedCard(app.db.db, callerOf(request).customerId);
      if (card === undefined) throw new NoLinkedCardError();
      return creditCardBody(card, today());
    },
  );

  app.post(
    SaisonConnectPath.authorizationToken,
    {
      onRequest: write,
      schema: {
        operationId: 'exchangeCardAuthorizationCode',
        summary:
          'Exchanges the card issuer’s authorization code (return to /saisonConnect) for the onetime token of its multi-factor step; 400-110 refused, 400-503 maintenance, 400-100/400-216/400-215 the account may not trade (locked, closed, not opened)',
        tags: ['cashflows'],
        body: authorizationTokenRequestSchema,
        response: { 200: authorizationTokenResponseSchema, ...readErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await refuseUnlessMayTrade(app.db.db, caller.customerId);
      const expected = new URL(CardLinkCallbackPath.authorize, app.config.publicOrigin).href;
      if (request.body.redirectUri !== expected) throw new CardAuthorizationRefusedError();
      const exchange = await issuer.exchangeCode(request.body.code, expected);
      if (!exchange.ok) {
        throw exchange.reason === 'refused'
          ? new CardAuthorizationRefusedError()
          : new CardServiceUnavailableError();
      }
      // the link's lifetime is real time, as the issuer's token's
      const expiresAt = new Date(app.realClock.now().getTime() + pendingLinkTtlMs);
      await savePendingLink(app.db.db, caller.customerId, exchange.onetimeToken, expiresAt);
      return { mfaRequired: true as const, onetimeToken: exchange.onetimeToken };
    },
  );

  app.put(
    SaisonConnectPath.creditCard,
    {
      onRequest: write,
      schema: {
        operationId: 'registerCreditCard',
        summary:
          'Registers (or re-registers) the card the issuer verified in its multi-factor step as the card on file; 400-111 MFA not done, 400-503 maintenance, 400-100/400-216/400-215 the account may not trade',
        tags: ['cashflows'],
        body: putCreditCardRequestSchema,
        response: { 200: creditCardSchema, ...readErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { onetimeToken } = request.body;
      await refuseUnlessMayTrade(app.db.db, caller.customerId);
      const realNow = app.realClock.now();
      if (!(await hasPendingLink(app.db.db, caller.customerId, onetimeToken, realNow))) {
        throw new CardMfaNotCompletedError();
      }
      const result = await issuer.mfaResult(onetimeToken);
      if (!result.ok) {
        if (result.reason === 'unavailable') throw new CardServiceUnavailableError();
        // a failed or abandoned multi-factor step ends this link: the customer starts again
        await takePendingLink(app.db.db, caller.customerId, onetimeToken, realNow);
        throw new CardMfaNotCompletedError();
      }
      const linkedOn = today();
      const card = await app.db.db.transaction(async (tx) => {
        if (!(await takePendingLink(tx, caller.customerId, onetimeToken, realNow))) {
          throw new CardMfaNotCompletedError();
        }
        const saved = await saveLinkedCard(tx, caller.customerId, result.card, linkedOn);
        await recordAudit(tx, {
          ...customerCallActor(caller),
          subjectCustomerId: caller.customerId,
          action: 'credit_card.linked',
          outcome: 'allowed',
          requestId: request.id,
          ip: request.ip,
          details: { last4: saved.last4, state: saved.state },
          occurredAt: app.clock.now(),
        });
        return saved;
      });
      return creditCardBody(card, linkedOn);
    },
  );

  app.get(
    SaisonConnectPath.accountTransferAccount,
    {
      onRequest: read,
      schema: {
        operationId: 'getDebitBankAccount',
        summary: 'The bank account 口座振替 debits; 400-666 when none is registered',
        tags: ['cashflows'],
        response: { 200: accountTransferAccountSchema, ...readErrors },
      },
    },
    async (request) => {
      const row = await findAccountTransferAccount(app.db.db, callerOf(request).customerId);
      if (row === undefined) throw new NoAccountTransferAccountError();
      return accountBody(row);
    },
  );
};
