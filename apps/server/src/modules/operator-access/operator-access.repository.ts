import { auditLog, type DatabaseExecutor } from '@fund/db';
import { and, count, desc, eq, max, min, sql } from 'drizzle-orm';
import { actAsAction } from '../../act-as/act-as.service.ts';

// The operator visits of one customer, from the audit log (decision 025): every act-as call an operator
// was admitted to (decision 009: actor operator, action act_as, outcome allowed) with this customer as
// its subject, grouped into one visit per operator and day in Japan. Refused calls showed nothing, so
// they are not visits. The subject index (subject_customer_id, occurred_at) finds the rows.

export interface OperatorVisitRow {
  /** The day in Japan, `YYYY-MM-DD`. */
  readonly day: string;
  readonly operatorId: string;
  readonly firstAt: Date;
  readonly lastAt: Date;
  /** The distinct route patterns called (`details.path`); null for a row without one. */
  readonly paths: (string | null)[];
}

export interface OperatorVisitPage {
  readonly page: number;
  readonly pageSize: number;
}

// the JST date without the database's time-zone files: UTC wall clock plus nine hours (no DST in Japan)
const jstDay = sql<string>`to_char(((${auditLog.occurredAt} at time zone 'UTC') + interval '9 hours')::date, 'YYYY-MM-DD')`;

function visitsOf(customerId: string) {
  return and(
    eq(auditLog.subjectCustomerId, customerId),
    eq(auditLog.actorType, 'operator'),
    eq(auditLog.action, actAsAction),
    eq(auditLog.outcome, 'allowed'),
  );
}

/** A page of the customer's operator visits, the latest first, and how many visits there are. */
export async function pageOperatorVisits(
  db: DatabaseExecutor,
  customerId: string,
  { page, pageSize }: OperatorVisitPage,
): Promise<{ rows: OperatorVisitRow[]; total: number }> {
  const where = visitsOf(customerId);
  const visits = db
    .select({ day: jstDay.as('day'), operatorId: auditLog.actorId })
    .from(auditLog)
    .where(where)
    .groupBy(auditLog.actorId, jstDay)
    .as('visits');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        day: jstDay,
        operatorId: auditLog.actorId,
        firstAt: min(auditLog.occurredAt),
        lastAt: max(auditLog.occurredAt),
        paths: sql<(string | null)[]>`array_agg(distinct ${auditLog.details}->>'path')`,
      })
      .from(auditLog)
      .where(where)
      .groupBy(auditLog.actorId, jstDay)
      // ties (same last instant) by operator, so pages never overlap
      .orderBy(desc(max(auditLog.occurredAt)), desc(auditLog.actorId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(visits),
  ]);
  return {
    rows: rows.map((row) => {
      // min/max of a non-empty group are never null
      if (row.firstAt === null || row.lastAt === null) throw new Error('A visit without calls');
      return { ...row, firstAt: row.firstAt, lastAt: row.lastAt, paths: row.paths };
    }),
    total: total?.total ?? 0,
  };
}
