import type { Database } from '@fund/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../../mail/mailer.service.ts';
import { signInOperator, type OperatorSignInResult } from '../operator-sign-in.service.ts';

export const commandLine = { actorId: 'command-line:fundops' };

/** Signs in through the operator sign-in service; correct passwords never mail, so no mailer is needed. */
export function signIn(db: Database, loginId: string, password: string): Promise<OperatorSignInResult> {
  return signInOperator(
    {
      db,
      mailer: {} as Mailer,
      lockThreshold: 5,
      log: { warn: () => {} } as unknown as FastifyBaseLogger,
      now: () => new Date(),
    },
    { loginId, password },
  );
}
