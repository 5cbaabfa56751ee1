import {
  type CreateScheduledSellBody,
  type ScheduledSell as ScheduledSellAnswer,
  type ScheduledSellList,
  type UpdateScheduledSellBody,
  PlanErrorCode,
} from '@fund/contracts';
import { type Database, type ScheduledSell, type Transaction } from '@fund/db';
import {
  checkScheduledSellSetup,
  scheduledSellStatusMachine,
  type ScheduledSellSetupRefusal,
  type ScheduledSellStatusType,
} from '@fund/domain';
import { AppError, NotFoundError } from '../../errors/app-error.ts';
import {
  actionOf,
  auditPlanChange,
  fundAnswer,
  fundNotFoundMessage,
  movingPlanCustomer,
  notFoundMessage,
  tradingPlanCustomer,
  transitionMessage,
  type PlanCaller,
} from './plan-changes.ts';
import {
  changeScheduledSell,
  findFundsByIds,
  findLiveScheduledSellOfFund,
  findScheduledSell,
  hasSpecificHolding,
  insertScheduledSell,
  listScheduledSells,
  type PlanFund,
} from './plans.repository.ts';
import { findFundByCode } from '../../fund-catalogue/fund-catalogue.repository.ts';

const scheduledSellMessages: Record<ScheduledSellSetupRefusal, string> = {
  'specific-account-only': '定期売却は特定口座でのみご利用いただけます。',
  corporation: '法人のお客さまは定期売却をご利用いただけません。',
  'value-not-positive': '金額・口数・率は1以上で指定してください。',
  'rate-above-100': '定率は1〜100%の整数で指定してください。',
};

/** 400-223 when the customer or account cannot have a 定期売却, else 400-224 (the value). */
function scheduledSellSetupError(reasons: readonly ScheduledSellSetupRefusal[]): AppError {
  const code = reasons.some((reason) => reason === 'specific-account-only' || reason === 'corporation')
    ? PlanErrorCode.scheduledSellNotAllowed
    : PlanErrorCode.scheduledSellValueInvalid;
  return new AppError(code, reasons.map((reason) => scheduledSellMessages[reason]).join(''));
}
function scheduledSellAnswer(plan: ScheduledSell, fund: PlanFund | undefined): ScheduledSellAnswer {
  return {
    id: plan.id,
    fund: fundAnswer(fund),
    accountType: 'specific',
    type: plan.type,
    value: plan.value.toString(),
    frequency: plan.frequency,
    status: plan.status,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

/**
 * 定期売却 (scheduled sells) of the signed-in customer, of funds held in the specific account. Only manages
 * the instructions: the batch executes them. Every change is audited in its own transaction.
 */
export class ScheduledSellsService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async listScheduledSells(customerId: string): Promise<ScheduledSellList> {
    const plans = await listScheduledSells(this.db, customerId);
    const funds = await findFundsByIds(this.db, [...new Set(plans.map((plan) => plan.fundId))]);
    return { scheduledSells: plans.map((plan) => scheduledSellAnswer(plan, funds.get(plan.fundId))) };
  }

  /** Creates a scheduled sell in `tx`, the transaction of the request's Idempotency-Key. */
  async createScheduledSell(
    tx: Transaction,
    caller: PlanCaller,
    body: CreateScheduledSellBody,
  ): Promise<ScheduledSellAnswer> {
    const customer = await tradingPlanCustomer(tx, caller.customerId);
    const fund = await findFundByCode(tx, body.fundCode);
    if (fund === undefined) throw new NotFoundError(fundNotFoundMessage);
    const setup = checkScheduledSellSetup('specific', customer.role, {
      type: body.type,
      value: BigInt(body.value),
    });
    if (!setup.ok) throw scheduledSellSetupError(setup.reasons);
    if (!(await hasSpecificHolding(tx, customer.id, fund.id))) {
      throw new AppError(
        PlanErrorCode.scheduledSellNoHolding,
        '特定口座で保有しているファンドにのみ定期売却を設定できます。',
      );
    }
    if ((await findLiveScheduledSellOfFund(tx, customer.id, fund.id)) !== undefined) {
      throw new AppError(PlanErrorCode.planAlreadyExists, 'このファンドの定期売却はすでに設定されています。');
    }
    const plan = await insertScheduledSell(tx, {
      customerId: customer.id,
      fundId: fund.id,
      accountType: 'specific',
      type: body.type,
      value: BigInt(body.value),
      frequency: body.frequency,
    });
    await auditPlanChange(tx, caller, this.now(), 'scheduled_sell.create', {
      scheduledSellId: plan.id,
      fundCode: fund.code,
      type: body.type,
      value: String(body.value),
      frequency: body.frequency,
    });
    return scheduledSellAnswer(plan, fund);
  }

  async updateScheduledSell(
    caller: PlanCaller,
    id: string,
    body: UpdateScheduledSellBody,
  ): Promise<ScheduledSellAnswer> {
    return this.db.transaction(async (tx) => {
      const customer = await tradingPlanCustomer(tx, caller.customerId);
      const plan = await findScheduledSell(tx, customer.id, id);
      if (plan === undefined) throw new NotFoundError(notFoundMessage);
      if (plan.status === 'CANCELED')
        throw new AppError(PlanErrorCode.planStatusConflict, '解約済みの定期売却は変更できません。');
      const type = body.type ?? plan.type;
      const value = body.value === undefined ? plan.value : BigInt(body.value);
      const frequency = body.frequency ?? plan.frequency;
      const setup = checkScheduledSellSetup('specific', customer.role, { type, value });
      if (!setup.ok) throw scheduledSellSetupError(setup.reasons);
      const updated = await changeScheduledSell(tx, plan.id, { type, value, frequency });
      await auditPlanChange(tx, caller, this.now(), 'scheduled_sell.update', {
        scheduledSellId: plan.id,
        before: { type: plan.type, value: plan.value.toString(), frequency: plan.frequency },
        after: { type, value: value.toString(), frequency },
      });
      const funds = await findFundsByIds(tx, [plan.fundId]);
      return scheduledSellAnswer(updated, funds.get(plan.fundId));
    });
  }

  async moveScheduledSell(
    caller: PlanCaller,
    id: string,
    to: ScheduledSellStatusType,
  ): Promise<ScheduledSellAnswer> {
    return this.db.transaction(async (tx) => {
      const customer = await movingPlanCustomer(tx, caller.customerId, to);
      const plan = await findScheduledSell(tx, customer.id, id);
      if (plan === undefined) throw new NotFoundError(notFoundMessage);
      if (!scheduledSellStatusMachine.canTransition(plan.status, to)) {
        throw new AppError(PlanErrorCode.planStatusConflict, transitionMessage(plan.status, to));
      }
      const updated = await changeScheduledSell(tx, plan.id, { status: to });
      await auditPlanChange(tx, caller, this.now(), `scheduled_sell.${actionOf(to)}`, {
        scheduledSellId: plan.id,
        from: plan.status,
        to,
      });
      const funds = await findFundsByIds(tx, [plan.fundId]);
      return scheduledSellAnswer(updated, funds.get(plan.fundId));
    });
  }
}
