import { randomBytes } from 'node:crypto';
import type { Database } from '@fund/db';
import { recordAudit } from '../../../audit/audit-log.ts';
import { hashPassword } from '../password-hashing.ts';
import {
  countOtherEnabledOperators,
  insertOperator,
  lockOperator,
  operatorIdByLoginId,
  setTemporaryOperatorPassword,
} from './operator-accounts.repository.ts';

/**
 * What `npm run operator` does: create an operator (the first one on an empty database included),
 * disable one, reset a password. Passwords are temporary, as the demo operator's: the operator chooses
 * their own at the next sign-in (operator-sign-in.service.ts). Every action is audited, refusals too.
 */

/** Who ran the command, e.g. `command-line:fundops` (the OS user). */
export interface CommandActor {
  readonly actorId: string;
}

/** A refusal with a one-line reason for the person at the terminal. */
export class OperatorCommandRefused extends Error {
  override readonly name = 'OperatorCommandRefused';
}

export interface NewOperatorInput {
  readonly loginId: string;
  readonly name: string;
  readonly email: string | null;
  /** 部店コード whose customers the operator serves; without any the operator serves nobody. */
  readonly branchCodes: readonly string[];
}

/** 16 characters from 96 random bits: shown once, changed at the first sign-in. */
function temporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}

async function refuse(
  db: Database,
  actor: CommandActor,
  action: string,
  loginId: string,
  reason: string,
): Promise<never> {
  await recordAudit(db, {
    actorType: 'system',
    actorId: actor.actorId,
    action,
    outcome: 'refused',
    details: { loginId, reason },
  });
  throw new OperatorCommandRefused(reason);
}

const loginIdPattern = /^[a-z0-9][a-z0-9._-]{2,63}$/;
const branchCodePattern = /^[0-9]{3}$/;

export async function createOperator(
  db: Database,
  actor: CommandActor,
  input: NewOperatorInput,
): Promise<{ readonly operatorId: string; readonly temporaryPassword: string }> {
  if (!loginIdPattern.test(input.loginId))
    await refuse(
      db,
      actor,
      'operator.create',
      input.loginId,
      `invalid operator id "${input.loginId}": 3-64 of a-z 0-9 . _ -, starting with a letter or digit`,
    );
  const badBranch = input.branchCodes.find((code) => !branchCodePattern.test(code));
  if (badBranch !== undefined)
    await refuse(
      db,
      actor,
      'operator.create',
      input.loginId,
      `invalid branch code "${badBranch}": three digits`,
    );
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const operatorId = await db.transaction(async (tx) => {
    const id = await insertOperator(tx, { ...input, passwordHash });
    if (id === undefined) return undefined;
    await recordAudit(tx, {
      actorType: 'system',
      actorId: actor.actorId,
      action: 'operator.create',
      outcome: 'allowed',
      details: { operatorId: id, loginId: input.loginId, branchCodes: input.branchCodes },
    });
    return id;
  });
  if (operatorId === undefined) {
    return refuse(
      db,
      actor,
      'operator.create',
      input.loginId,
      `operator id "${input.loginId}" already exists`,
    );
  }
  return { operatorId, temporaryPassword: password };
}

async function existingOperator(db: Database, actor: CommandActor, action: string, loginId: string) {
  const operator = await operatorIdByLoginId(db, loginId);
  if (operator === undefined) return refuse(db, actor, action, loginId, `no operator with id "${loginId}"`);
  return operator;
}

export async function disableOperator(
  db: Database,
  actor: CommandActor,
  loginId: string,
  now: Date,
): Promise<void> {
  const operator = await existingOperator(db, actor, 'operator.disable', loginId);
  if (operator.lockedAt !== null)
    await refuse(db, actor, 'operator.disable', loginId, `operator "${loginId}" is already disabled`);
  // operators have no roles: every one can administer the console, so the last one must stay
  if ((await countOtherEnabledOperators(db, operator.id)) === 0)
    await refuse(
      db,
      actor,
      'operator.disable',
      loginId,
      `operator "${loginId}" is the last one who can sign in; create another first`,
    );
  await db.transaction(async (tx) => {
    await lockOperator(tx, operator.id, now);
    await recordAudit(tx, {
      actorType: 'system',
      actorId: actor.actorId,
      action: 'operator.disable',
      outcome: 'allowed',
      details: { operatorId: operator.id, loginId },
    });
  });
}

export async function resetOperatorPassword(
  db: Database,
  actor: CommandActor,
  loginId: string,
): Promise<{ readonly temporaryPassword: string }> {
  const operator = await existingOperator(db, actor, 'operator.reset_password', loginId);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setTemporaryOperatorPassword(tx, operator.id, passwordHash);
    await recordAudit(tx, {
      actorType: 'system',
      actorId: actor.actorId,
      action: 'operator.reset_password',
      outcome: 'allowed',
      details: { operatorId: operator.id, loginId },
    });
  });
  return { temporaryPassword: password };
}
