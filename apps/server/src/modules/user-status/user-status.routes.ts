import {
  ErrorCode,
  errorBodySchema,
  lastLogInSchema,
  RootLoadingPath,
  tradingUserStatusSchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, NotFoundError } from '../../errors/app-error.ts';
import { findLocked, findPreviousSuccessfulSignIn } from './user-status.repository.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

/** The trading system refuses a locked user with 400-100; the shell shows its locked screen (spec §8). */
export class AccountLockedError extends AppError {
  override readonly name = 'AccountLockedError';

  constructor() {
    super(
      ErrorCode.accountLocked,
      'お客さまの口座はアカウントロックされています。お客さま窓口までお問い合わせください。',
    );
  }
}

/** The product API's calls about the signed-in user (spec §7): trading-system status and last sign-in. */
export const userStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireCustomer();

  app.get(
    RootLoadingPath.tradingUserStatus,
    {
      onRequest,
      schema: {
        operationId: 'getTradingUserStatus',
        summary: 'Trading-system user status: ACTIVE, or 400 with code 400-100 for a locked account',
        tags: ['trading'],
        response: {
          200: tradingUserStatusSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const locked = await findLocked(app.db.db, customerIdOf(request));
      if (locked === undefined) throw new NotFoundError('お客さまの口座情報が見つかりません。');
      if (locked) throw new AccountLockedError();
      return { status: 'ACTIVE' as const };
    },
  );

  app.get(
    RootLoadingPath.lastLogIn,
    {
      onRequest,
      schema: {
        operationId: 'getLastSignIn',
        summary: 'The successful sign-in before the current one (前回ログイン), or null',
        tags: ['identity'],
        response: { 200: lastLogInSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const at = await findPreviousSuccessfulSignIn(app.db.db, customerIdOf(request));
      return { lastLogIn: at === undefined ? null : { at: at.toISOString() } };
    },
  );
};
