import { type Transaction } from '@fund/db';
import { tradingStandingRefusal, type ScheduledSellStatusType, type YearMonth } from '@fund/domain';
import { recordAudit } from '../../audit/audit-log.ts';
import { NotFoundError } from '../../errors/app-error.ts';
import { tradingStandingError } from '../../errors/trading-standing-error.ts';
import { type PlanCustomer, type PlanFund } from './plans.repository.ts';
import { lockCustomer } from '../../shared/customer-lock.repository.ts';

/** What every plan flow (積立, 定期売却, 毎月の入金) shares: the caller, its lock, the audit and the moves. */

/** Who asks, for the audit log. */
export interface PlanCaller {
  readonly customerId: string;
  readonly requestId: string;
  readonly ip: string;
}

export const notFoundMessage = 'ご指定の設定が見つかりません。';
export const fundNotFoundMessage = 'ご指定のファンドが見つかりません。';

/** A plan change, audited in the transaction that makes it. */
export async function auditPlanChange(
  tx: Transaction,
  caller: PlanCaller,
  at: Date,
  action: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    actorType: 'customer',
    actorId: caller.customerId,
    subjectCustomerId: caller.customerId,
    action,
    outcome: 'allowed',
    requestId: caller.requestId,
    ip: caller.ip,
    details,
    occurredAt: at,
  });
}

/** The customer, locked for the change. */
export async function planCustomer(tx: Transaction, customerId: string): Promise<PlanCustomer> {
  const customer = await lockCustomer(tx, customerId);
  if (customer === undefined) throw new NotFoundError('お客さまの口座情報が見つかりません。');
  return customer;
}

/**
 * The customer, for a call that sets up or widens trading (create, change, resume, 毎月の入金): refused
 * when the account is locked, closed or not opened, as orders are. Suspending and cancelling are not.
 */
export async function tradingPlanCustomer(tx: Transaction, customerId: string): Promise<PlanCustomer> {
  const customer = await planCustomer(tx, customerId);
  const refusal = tradingStandingRefusal(customer);
  if (refusal !== undefined) throw tradingStandingError(refusal);
  return customer;
}

/** The customer for a status move: resuming widens trading, suspending and cancelling do not. */
export async function movingPlanCustomer(
  tx: Transaction,
  customerId: string,
  to: ScheduledSellStatusType,
): Promise<PlanCustomer> {
  return to === 'ACTIVE' ? tradingPlanCustomer(tx, customerId) : planCustomer(tx, customerId);
}

/** The audit action of a status move: `resume`, `suspend` or `cancel`. */
export function actionOf(to: ScheduledSellStatusType): string {
  return to === 'ACTIVE' ? 'resume' : to === 'SUSPENDED' ? 'suspend' : 'cancel';
}

export function transitionMessage(from: ScheduledSellStatusType, to: ScheduledSellStatusType): string {
  if (from === 'CANCELED') return '解約済みの設定は変更できません。';
  if (from === to) return to === 'ACTIVE' ? 'すでに再開されています。' : 'すでに停止されています。';
  return 'この操作はできません。';
}

export function fundAnswer(fund: PlanFund | undefined) {
  return {
    code: fund?.code ?? '',
    name: fund?.name ?? '',
    shortName: fund?.shortName ?? '',
    redemptionDate: fund?.redemptionDate ?? null,
  };
}

export const yearMonthText = (month: YearMonth): string =>
  `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}`;
export const firstDayOf = (month: YearMonth): string => `${yearMonthText(month)}-01`;
export const yearMonthOfColumn = (value: string): string => value.slice(0, 7);
