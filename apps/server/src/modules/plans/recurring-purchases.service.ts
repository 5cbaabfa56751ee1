import {
  type CreateRecurringPurchaseBody,
  type RecurringPurchase as RecurringPurchaseAnswer,
  type RecurringPurchaseList,
  type UpdateRecurringPurchaseBody,
  PlanErrorCode,
  TradingErrorCode,
} from '@fund/contracts';
import { type Database, type Transaction } from '@fund/db';
import {
  checkRecurringPlan,
  formatJapaneseDate,
  takesNewPlans,
  jstDateOf,
  paymentMethodChangeEffectiveMonth,
  scheduleChangeEffectiveMonth,
  scheduledSellStatusMachine,
  type RecurringPlanTerms,
  type ScheduledSellStatusType,
  type Yen,
} from '@fund/domain';
import { AppError, NotFoundError } from '../../errors/app-error.ts';
import { reinvestmentNotOffered } from '../../errors/reinvestment-not-offered.ts';
import { chooseDistributionCourse } from '../../shared/distribution-courses.repository.ts';
import {
  actionOf,
  auditPlanChange,
  firstDayOf,
  fundNotFoundMessage,
  movingPlanCustomer,
  notFoundMessage,
  tradingPlanCustomer,
  transitionMessage,
  yearMonthText,
  type PlanCaller,
} from './plan-changes.ts';
import {
  changeRecurringPurchase,
  findFundsByIds,
  findRecurringPurchase,
  hasOpenAccount,
  insertRecurringPurchase,
  listRecurringPurchases,
  type NewRecurringPurchase,
} from './plans.repository.ts';
import {
  checkCardLimit,
  checkPaymentSource,
  checkPurchaseSetup,
  planIssuesError,
} from './recurring-purchase-rules.ts';
import {
  bonusOf,
  currentTerms,
  laterMonth,
  monthOfColumn,
  recurringAnswer,
  sameTerms,
  termsAnswer,
  upcomingTerms,
} from './recurring-purchase-terms.ts';
import { findFundByCode } from '../../fund-catalogue/fund-catalogue.repository.ts';
import { recurringNisaAllocation } from './recurring-nisa-allocation.ts';

/**
 * 積立 (recurring purchases) of the signed-in customer. Only manages the instructions: the batch executes
 * them. Every rule comes from @fund/domain; every change is audited in its own transaction.
 */
export class RecurringPurchasesService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async listRecurringPurchases(customerId: string): Promise<RecurringPurchaseList> {
    const plans = await listRecurringPurchases(this.db, customerId);
    const funds = await findFundsByIds(this.db, [...new Set(plans.map((plan) => plan.fundId))]);
    return { recurringPurchases: plans.map((plan) => recurringAnswer(plan, funds.get(plan.fundId))) };
  }

  /** Creates a plan in `tx`, the transaction of the request's Idempotency-Key. */
  async createRecurringPurchase(
    tx: Transaction,
    caller: PlanCaller,
    body: CreateRecurringPurchaseBody,
  ): Promise<RecurringPurchaseAnswer> {
    const now = this.now();
    const customer = await tradingPlanCustomer(tx, caller.customerId);
    const fund = await findFundByCode(tx, body.fundCode);
    if (fund === undefined) throw new NotFoundError(fundNotFoundMessage);
    if (fund.salesStatus !== 'ON_SALE')
      throw new AppError(TradingErrorCode.fundNotOnSale, 'このファンドは現在買付を停止しています。');
    if (!takesNewPlans(fund))
      throw new AppError(
        TradingErrorCode.fundNotOnSale,
        `このファンドは${formatJapaneseDate(fund.redemptionDate ?? '')}に償還されるため、積立は設定できません。`,
      );
    if (body.distributionCourse === 'REINVEST' && !fund.reinvestmentOffered) throw reinvestmentNotOffered();
    const startMonth = scheduleChangeEffectiveMonth(now);
    await checkPurchaseSetup(tx, customer, fund, body.accountType, startMonth);

    const terms: RecurringPlanTerms = {
      amount: BigInt(body.amount) as Yen,
      bonus: bonusOf(body),
      paymentMethod: body.paymentMethod,
    };
    const check = checkRecurringPlan(terms);
    if (!check.ok) throw planIssuesError(check.issues);
    await checkPaymentSource(tx, customer.id, terms, jstDateOf(now));
    await checkCardLimit(tx, customer.id, null, terms, startMonth);

    const live = await listRecurringPurchases(tx, customer.id, { liveOnly: true });
    if (live.some((plan) => plan.fundId === fund.id && plan.accountType === body.accountType)) {
      throw new AppError(
        PlanErrorCode.planAlreadyExists,
        'このファンドと口座区分の積立はすでに設定されています。',
      );
    }
    const plan = await insertRecurringPurchase(tx, {
      customerId: customer.id,
      fundId: fund.id,
      accountType: body.accountType,
      amount: terms.amount,
      bonusMonths: terms.bonus === undefined ? [] : [...terms.bonus.months],
      bonusAmount: terms.bonus?.amount ?? null,
      paymentMethod: terms.paymentMethod,
      startMonth: firstDayOf(startMonth),
      batchFlag: 'create',
      batchAppliesFrom: firstDayOf(startMonth),
    });
    if (body.distributionCourse !== undefined) {
      await chooseDistributionCourse(
        tx,
        { customerId: customer.id, accountType: body.accountType, fundId: fund.id },
        body.distributionCourse,
      );
    }
    await auditPlanChange(tx, caller, this.now(), 'recurring_purchase.create', {
      recurringPurchaseId: plan.id,
      fundCode: fund.code,
      accountType: body.accountType,
      ...termsAnswer(terms),
      startMonth: yearMonthText(startMonth),
    });
    const nisaAllocation = await recurringNisaAllocation(
      tx,
      customer,
      {
        accountType: body.accountType,
        amount: terms.amount,
        fundTsumitateEligible: fund.tsumitateEligible,
        taxableAccount: (await hasOpenAccount(tx, customer.id, 'specific')) ? 'specific' : 'general',
      },
      now,
    );
    return { ...recurringAnswer(plan, fund), ...(nisaAllocation === undefined ? {} : { nisaAllocation }) };
  }

  async updateRecurringPurchase(
    caller: PlanCaller,
    id: string,
    body: UpdateRecurringPurchaseBody,
  ): Promise<RecurringPurchaseAnswer> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const customer = await tradingPlanCustomer(tx, caller.customerId);
      const plan = await findRecurringPurchase(tx, customer.id, id);
      if (plan === undefined) throw new NotFoundError(notFoundMessage);
      if (plan.status === 'CANCELED')
        throw new AppError(PlanErrorCode.planStatusConflict, '解約済みの積立は変更できません。');

      const before = upcomingTerms(plan);
      const terms: RecurringPlanTerms = {
        amount: body.amount === undefined ? before.amount : (BigInt(body.amount) as Yen),
        bonus: body.bonus === undefined ? before.bonus : bonusOf(body),
        paymentMethod: body.paymentMethod ?? before.paymentMethod,
      };
      const check = checkRecurringPlan(terms);
      if (!check.ok) throw planIssuesError(check.issues);
      if (terms.paymentMethod !== before.paymentMethod)
        await checkPaymentSource(tx, customer.id, terms, jstDateOf(now));
      await checkCardLimit(tx, customer.id, plan.id, terms, scheduleChangeEffectiveMonth(now));

      // the month's cut-over for any change; a payment switch has its own rule (card window 10th-15th)
      let appliesFrom = scheduleChangeEffectiveMonth(now);
      if (terms.paymentMethod !== plan.paymentMethod) {
        appliesFrom = laterMonth(
          appliesFrom,
          paymentMethodChangeEffectiveMonth(now, plan.paymentMethod, terms.paymentMethod),
        );
      }
      const bonusColumns = {
        bonusMonths: terms.bonus === undefined ? [] : [...terms.bonus.months],
        bonusAmount: terms.bonus?.amount ?? null,
      };
      let values: Partial<NewRecurringPurchase>;
      if (plan.batchFlag === 'create') {
        // not started yet: the plan itself changes, starting no earlier than the change may apply
        const start = laterMonth(monthOfColumn(plan.startMonth), appliesFrom);
        values = {
          amount: terms.amount,
          ...bonusColumns,
          paymentMethod: terms.paymentMethod,
          startMonth: firstDayOf(start),
          batchAppliesFrom: firstDayOf(start),
        };
      } else if (sameTerms(terms, currentTerms(plan))) {
        // back to the terms in force: nothing left for the batch to do
        values = {
          batchFlag: null,
          batchAppliesFrom: null,
          pendingAmount: null,
          pendingBonusMonths: null,
          pendingBonusAmount: null,
          pendingPaymentMethod: null,
        };
      } else {
        // the complete new terms wait for the batch (an empty bonus-month list removes the bonus)
        values = {
          batchFlag: 'update',
          batchAppliesFrom: firstDayOf(appliesFrom),
          pendingAmount: terms.amount,
          pendingBonusMonths: bonusColumns.bonusMonths,
          pendingBonusAmount: bonusColumns.bonusAmount,
          pendingPaymentMethod: terms.paymentMethod,
        };
      }
      const updated = await changeRecurringPurchase(tx, plan.id, values);
      await auditPlanChange(tx, caller, this.now(), 'recurring_purchase.update', {
        recurringPurchaseId: plan.id,
        before: termsAnswer(before),
        after: termsAnswer(terms),
        appliesFrom: updated.batchAppliesFrom?.slice(0, 7) ?? null,
      });
      const funds = await findFundsByIds(tx, [plan.fundId]);
      const fund = funds.get(plan.fundId);
      const nisaAllocation = await recurringNisaAllocation(
        tx,
        customer,
        {
          accountType: plan.accountType,
          amount: terms.amount,
          fundTsumitateEligible: fund?.tsumitateEligible ?? false,
          taxableAccount: (await hasOpenAccount(tx, customer.id, 'specific')) ? 'specific' : 'general',
        },
        now,
      );
      return {
        ...recurringAnswer(updated, fund),
        ...(nisaAllocation === undefined ? {} : { nisaAllocation }),
      };
    });
  }

  async moveRecurringPurchase(
    caller: PlanCaller,
    id: string,
    to: ScheduledSellStatusType,
  ): Promise<RecurringPurchaseAnswer> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const customer = await movingPlanCustomer(tx, caller.customerId, to);
      const plan = await findRecurringPurchase(tx, customer.id, id);
      if (plan === undefined) throw new NotFoundError(notFoundMessage);
      if (!scheduledSellStatusMachine.canTransition(plan.status, to)) {
        throw new AppError(PlanErrorCode.planStatusConflict, transitionMessage(plan.status, to));
      }
      const values: Partial<NewRecurringPurchase> =
        to === 'CANCELED'
          ? {
              status: 'CANCELED',
              batchFlag: 'cancel',
              batchAppliesFrom: firstDayOf(scheduleChangeEffectiveMonth(now)),
              pendingAmount: null,
              pendingBonusMonths: null,
              pendingBonusAmount: null,
              pendingPaymentMethod: null,
            }
          : to === 'ACTIVE'
            ? { status: 'ACTIVE', consecutiveDebitFailures: 0 }
            : { status: to };
      const updated = await changeRecurringPurchase(tx, plan.id, values);
      await auditPlanChange(tx, caller, this.now(), `recurring_purchase.${actionOf(to)}`, {
        recurringPurchaseId: plan.id,
        from: plan.status,
        to,
      });
      const funds = await findFundsByIds(tx, [plan.fundId]);
      return recurringAnswer(updated, funds.get(plan.fundId));
    });
  }
}
