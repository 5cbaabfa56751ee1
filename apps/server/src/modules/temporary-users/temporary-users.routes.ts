import {
  childAutoCompletionRequestSchema,
  childAutoCompletionSchema,
  ErrorCode,
  errorBodySchema,
  TemporaryUserPath,
} from '@fund/contracts';
import { jstDateOf } from '@fund/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerCallActor, recordAudit } from '../../audit/audit-log.ts';
import { AppError, UnauthorizedError } from '../../errors/app-error.ts';
import { findCustomer, insertTemporaryUser } from './temporary-users.repository.ts';

/** The account-opening site picks a temporary user up within this time. */
const temporaryUserTtlMs = 24 * 60 * 60_000;

/** Age (full years) on `today` of someone born on `birthDate`, both JST YYYY-MM-DD. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** A minor (未成年, under 18 since April 2022) may have a child account opened by a parent. */
export const adultAge = 18;

/**
 * POST /v6/temporaryUsers/child/autoCompletion (spec §7, decision 018): a parent (an ADULT account holder)
 * starts a child's account opening. The service creates a temporary user from the child's name and birth
 * date and the parent's family name, kana and mail address, and answers it; the app hands its id to the
 * account-opening site (`temporaryUserId`), where the parent completes the rest.
 */
export const temporaryUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    TemporaryUserPath.childAutoCompletion,
    {
      onRequest: app.requireCustomer(['user.write']),
      schema: {
        operationId: 'prefillChildTemporaryUser',
        summary: 'Pre-fills a child’s account-opening temporary user from the parent’s data',
        tags: ['accounts'],
        body: childAutoCompletionRequestSchema,
        response: {
          200: childAutoCompletionSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = request.customer;
      if (caller === null) throw new UnauthorizedError();
      const parent = await findCustomer(app.db.db, caller.customerId);
      if (parent === undefined) throw new UnauthorizedError();
      if (parent.accountRole !== 'ADULT') {
        throw new AppError(
          ErrorCode.forbidden,
          'お子さまの口座開設は、親権者さまご本人の口座（個人のお客さま）からお申し込みください。',
        );
      }
      const today = jstDateOf(app.clock.now());
      const { firstName, firstNameKana, birthDate } = request.body;
      if (birthDate > today || ageOn(birthDate, today) >= adultAge) {
        throw new AppError(
          ErrorCode.badRequest,
          `お子さまの口座は${adultAge}歳未満の方が対象です。生年月日をご確認ください。`,
        );
      }
      const expiresAt = new Date(app.realClock.now().getTime() + temporaryUserTtlMs);
      const row = await app.db.db.transaction(async (tx) => {
        const created = await insertTemporaryUser(tx, {
          guardianCustomerId: parent.id,
          lastName: parent.lastName,
          firstName,
          lastNameKana: parent.lastNameKana,
          firstNameKana,
          birthDate,
          email: parent.email,
          expiresAt,
        });
        await recordAudit(tx, {
          ...customerCallActor(caller),
          subjectCustomerId: parent.id,
          action: 'temporary_user.child_created',
          outcome: 'allowed',
          requestId: request.id,
          ip: request.ip,
          details: { temporaryUserId: created.id },
          occurredAt: app.clock.now(),
        });
        return created;
      });
      return {
        temporaryUser: {
          temporaryUserId: row.id,
          lastName: row.lastName,
          firstName: row.firstName,
          lastNameKana: row.lastNameKana,
          firstNameKana: row.firstNameKana,
          birthDate: row.birthDate,
          guardian: {
            name: `${parent.lastName} ${parent.firstName}`.trim(),
            relationship: 'PARENT' as const,
          },
          expiresAt: row.expiresAt.toISOString(),
        },
      };
    },
  );
};
