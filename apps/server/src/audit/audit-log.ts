import type { AuditActorType, AuditOutcome, DatabaseExecutor } from '@fund/db';
import { insertAuditRow } from './audit-log.repository.ts';
import { uuidPattern } from '../shared/uuid.ts';

/** Whether a value (e.g. from a header) is a uuid, so it can name a customer in the audit log. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** One audited action (security.md 21, 22, 28). */
export interface AuditEntry {
  readonly actorType: AuditActorType;
  readonly actorId: string;
  /** The customer whose data the action touched; only a well-formed uuid, never raw input. */
  readonly subjectCustomerId?: string | null;
  /** What was done, e.g. `act_as.refused`. */
  readonly action: string;
  readonly outcome: AuditOutcome;
  readonly requestId?: string | null;
  readonly ip?: string | null;
  /** Facts a reviewer needs; never secrets or tokens. */
  readonly details?: Record<string, unknown>;
  /** When it happened (the app's clock); the database's now() otherwise. */
  readonly occurredAt?: Date;
}

/**
 * Appends one row to the audit log. The table is append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE), so this is the only write the application ever makes to it. Pass a transaction to audit an
 * action together with its effect.
 */
export async function recordAudit(db: DatabaseExecutor, entry: AuditEntry): Promise<void> {
  const subject = entry.subjectCustomerId ?? null;
  await insertAuditRow(db, {
    actorType: entry.actorType,
    actorId: entry.actorId,
    subjectCustomerId: subject !== null && isUuid(subject) ? subject : null,
    action: entry.action,
    outcome: entry.outcome,
    requestId: entry.requestId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
    ...(entry.occurredAt === undefined ? {} : { occurredAt: entry.occurredAt }),
  });
}

/** Who acts in a customer's call: the customer, or the operator acting for them (act-as, security.md 22). */
export interface CallActor {
  readonly actorType: AuditActorType;
  readonly actorId: string;
}

/**
 * The audit actor of a write made in a customer's call: pass `request.customer`, so an operator acting
 * for the customer (its `actingOperator`) is named as the actor and the customer as the subject.
 */
export function customerCallActor(caller: {
  readonly customerId: string;
  readonly actingOperator?: { readonly operatorId: string } | null;
}): CallActor {
  return caller.actingOperator == null
    ? { actorType: 'customer', actorId: caller.customerId }
    : { actorType: 'operator', actorId: caller.actingOperator.operatorId };
}
