import { type MonthlyDeposit as MonthlyDepositAnswer, type PutMonthlyDepositBody } from '@fund/contracts';
import { type Database, type MonthlyDeposit } from '@fund/db';
import { NotFoundError } from '../../errors/app-error.ts';
import { checkBankAccountToDebit } from './recurring-purchase-rules.ts';
import { auditPlanChange, planCustomer, tradingPlanCustomer, type PlanCaller } from './plan-changes.ts';
import {
  cancelMonthlyDeposit,
  changeMonthlyDeposit,
  findLiveMonthlyDeposit,
  insertMonthlyDeposit,
} from './plans.repository.ts';

function depositAnswer(deposit: MonthlyDeposit | undefined): MonthlyDepositAnswer {
  return {
    monthlyDeposit:
      deposit === undefined
        ? null
        : {
            id: deposit.id,
            amount: deposit.amount.toString(),
            day: deposit.debitDay,
            status: deposit.status,
            updatedAt: deposit.updatedAt.toISOString(),
          },
  };
}

/** 毎月の入金 (monthly deposit) of the signed-in customer: one live at most; the batch debits it. */
export class MonthlyDepositService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async monthlyDeposit(customerId: string): Promise<MonthlyDepositAnswer> {
    return depositAnswer(await findLiveMonthlyDeposit(this.db, customerId));
  }

  async putMonthlyDeposit(caller: PlanCaller, body: PutMonthlyDepositBody): Promise<MonthlyDepositAnswer> {
    return this.db.transaction(async (tx) => {
      const customer = await tradingPlanCustomer(tx, caller.customerId);
      // a 口座振替 with nothing to debit is refused up front (decision 035)
      await checkBankAccountToDebit(tx, customer.id, 'monthlyDeposit');
      const existing = await findLiveMonthlyDeposit(tx, customer.id);
      const amount = BigInt(body.amount);
      const saved =
        existing === undefined
          ? await insertMonthlyDeposit(tx, { customerId: customer.id, amount, debitDay: body.day })
          : await changeMonthlyDeposit(tx, existing.id, { amount, debitDay: body.day });
      await auditPlanChange(
        tx,
        caller,
        this.now(),
        existing === undefined ? 'monthly_deposit.create' : 'monthly_deposit.update',
        {
          monthlyDepositId: saved.id,
          before:
            existing === undefined ? null : { amount: existing.amount.toString(), day: existing.debitDay },
          after: { amount: String(body.amount), day: body.day },
        },
      );
      return depositAnswer(saved);
    });
  }

  async stopMonthlyDeposit(caller: PlanCaller): Promise<MonthlyDepositAnswer> {
    return this.db.transaction(async (tx) => {
      const customer = await planCustomer(tx, caller.customerId);
      const existing = await findLiveMonthlyDeposit(tx, customer.id);
      if (existing === undefined) throw new NotFoundError('毎月の入金は設定されていません。');
      await cancelMonthlyDeposit(tx, existing.id);
      await auditPlanChange(tx, caller, this.now(), 'monthly_deposit.cancel', {
        monthlyDepositId: existing.id,
      });
      return depositAnswer(undefined);
    });
  }
}
