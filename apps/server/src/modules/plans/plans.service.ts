import {
  type CreateRecurringPurchaseBody,
  type CreateScheduledSellBody,
  type MonthlyDeposit as MonthlyDepositAnswer,
  type PutMonthlyDepositBody,
  type RecurringPurchase as RecurringPurchaseAnswer,
  type RecurringPurchaseList,
  type ScheduledSell as ScheduledSellAnswer,
  type ScheduledSellList,
  type UpdateRecurringPurchaseBody,
  type UpdateScheduledSellBody,
  PlanErrorCode,
  TradingErrorCode,
} from '@fund/contracts';
import {
  type Database,
  type MonthlyDeposit,
  type RecurringPurchase,
  type ScheduledSell,
  type Transaction,
} from '@fund/db';
import {
  checkCardMonthlyLimit,
  checkPurchaseAccount,
  checkRecurringPlan,
  checkScheduledSellSetup,
  isoDate,
  nisaBucketOfAccountType,
  nisaEligibility,
  paymentMethodChangeEffectiveMonth,
  scheduleChangeEffectiveMonth,
  scheduledSellStatusMachine,
  tradingStandingRefusal,
  type PaymentMethod,
  type PurchaseAccountRefusal,
  type RecurringPlanIssue,
  type RecurringPlanTerms,
  type ScheduledSellSetupRefusal,
  type ScheduledSellStatusType,
  type NisaEligibilityRefusal,
  type YearMonth,
  type Yen,
} from '@fund/domain';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError, NotFoundError } from '../../errors/app-error.ts';
import { tradingStandingError } from '../../errors/trading-standing-error.ts';
import {
  cancelMonthlyDeposit,
  changeMonthlyDeposit,
  changeRecurringPurchase,
  changeScheduledSell,
  findFundsByIds,
  findLiveMonthlyDeposit,
  findLiveScheduledSellOfFund,
  findRecurringPurchase,
  findScheduledSell,
  hasOpenAccount,
  hasSpecificHolding,
  insertMonthlyDeposit,
  insertRecurringPurchase,
  insertScheduledSell,
  listRecurringPurchases,
  listScheduledSells,
  type NewRecurringPurchase,
  type PlanCustomer,
  type PlanFund,
} from './plans.repository.ts';
import { findFundByCode } from '../../fund-catalogue/fund-catalogue.ts';
import { lockCustomer } from '../../shared/customer-lock.ts';

/** Who asks, for the audit log. */
export interface PlanCaller {
  readonly customerId: string;
  readonly requestId: string;
  readonly ip: string;
}

const notFoundMessage = 'ご指定の設定が見つかりません。';
const fundNotFoundMessage = 'ご指定のファンドが見つかりません。';

const purchaseAccountMessages: Record<PurchaseAccountRefusal, string> = {
  'closed-nisa-program': 'この口座区分では新たに積立を設定できません。',
  'junior-nisa-no-new-purchases': 'ジュニアNISA口座のお客さまは新たに積立を設定できません。',
  'corporation-general-account-only': '法人のお客さまは一般口座でのみ積立を設定できます。',
  'taxable-accounts-only': '未成年のお客さまは特定口座または一般口座でのみ積立を設定できます。',
};

const nisaEligibilityMessages: Record<NisaEligibilityRefusal, string> = {
  corporation: '法人のお客さまはNISAをご利用いただけません。',
  'child-account': '未成年口座ではNISAをご利用いただけません。',
  'junior-nisa-account': 'ジュニアNISA口座ではNISAをご利用いただけません。',
  'not-resident': '日本にお住まいでないお客さまはNISAをご利用いただけません。',
  'under-18': 'NISAはその年の1月1日に18歳以上のお客さまがご利用いただけます。',
  'no-nisa-account': 'NISA口座が開設されていません。',
};

function planIssueMessage(issue: RecurringPlanIssue): string {
  const what =
    issue.field === 'amount'
      ? '積立金額'
      : issue.field === 'bonusAmount'
        ? 'ボーナス月の増額分'
        : 'ボーナス月';
  switch (issue.reason) {
    case 'below-minimum':
      return `${what}は5,000円以上で指定してください。`;
    case 'not-in-steps-of-1000':
      return `${what}は1,000円単位で指定してください。`;
    case 'too-many':
      return 'ボーナス月は2か月までです。';
    case 'duplicate':
      return 'ボーナス月が重複しています。';
    case 'none':
      return 'ボーナス月を指定してください。';
    case 'not-a-month':
      return 'ボーナス月は1〜12で指定してください。';
  }
}

/** A recurring plan's broken rules: 400-220 when the monthly amount is one of them, else 400-221 (bonus). */
function planIssuesError(issues: readonly RecurringPlanIssue[]): AppError {
  const code = issues.some((issue) => issue.field === 'amount')
    ? PlanErrorCode.recurringAmountInvalid
    : PlanErrorCode.bonusInvalid;
  return new AppError(code, issues.map(planIssueMessage).join(''));
}

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

const yearMonthText = (month: YearMonth): string =>
  `${String(month.year).padStart(4, '0')}-${String(month.month).padStart(2, '0')}`;
const firstDayOf = (month: YearMonth): string => `${yearMonthText(month)}-01`;
const yearMonthOfColumn = (value: string): string => value.slice(0, 7);
const laterMonth = (a: YearMonth, b: YearMonth): YearMonth =>
  a.year * 12 + a.month >= b.year * 12 + b.month ? a : b;
const monthOfColumn = (value: string): YearMonth => ({
  year: Number(value.slice(0, 4)),
  month: Number(value.slice(5, 7)),
});

function termsOf(
  amount: bigint,
  bonusMonths: readonly number[] | null,
  bonusAmount: bigint | null,
  paymentMethod: PaymentMethod,
): RecurringPlanTerms {
  return {
    amount: amount as Yen,
    bonus:
      bonusMonths !== null && bonusMonths.length > 0 && bonusAmount !== null
        ? { months: bonusMonths, amount: bonusAmount as Yen }
        : undefined,
    paymentMethod,
  };
}

/** The plan's terms now in force. */
function currentTerms(plan: RecurringPurchase): RecurringPlanTerms {
  return termsOf(plan.amount, plan.bonusMonths, plan.bonusAmount, plan.paymentMethod);
}

/** The terms the plan will have once its pending change (if any) applies. */
function upcomingTerms(plan: RecurringPurchase): RecurringPlanTerms {
  if (plan.batchFlag !== 'update') return currentTerms(plan);
  return termsOf(
    plan.pendingAmount ?? plan.amount,
    plan.pendingBonusMonths ?? plan.bonusMonths,
    plan.pendingBonusMonths === null ? plan.bonusAmount : plan.pendingBonusAmount,
    plan.pendingPaymentMethod ?? plan.paymentMethod,
  );
}

function sameTerms(a: RecurringPlanTerms, b: RecurringPlanTerms): boolean {
  return (
    a.amount === b.amount &&
    a.paymentMethod === b.paymentMethod &&
    (a.bonus?.amount ?? null) === (b.bonus?.amount ?? null) &&
    JSON.stringify([...(a.bonus?.months ?? [])].sort()) ===
      JSON.stringify([...(b.bonus?.months ?? [])].sort())
  );
}

function termsAnswer(terms: RecurringPlanTerms) {
  return {
    amount: terms.amount.toString(),
    bonus:
      terms.bonus === undefined
        ? null
        : { months: [...terms.bonus.months], amount: terms.bonus.amount.toString() },
    paymentMethod: terms.paymentMethod,
  };
}

function fundAnswer(fund: PlanFund | undefined) {
  return { code: fund?.code ?? '', name: fund?.name ?? '', shortName: fund?.shortName ?? '' };
}

function recurringAnswer(plan: RecurringPurchase, fund: PlanFund | undefined): RecurringPurchaseAnswer {
  const terms = termsAnswer(currentTerms(plan));
  return {
    id: plan.id,
    fund: fundAnswer(fund),
    accountType: plan.accountType as RecurringPurchaseAnswer['accountType'],
    ...terms,
    status: plan.status,
    startMonth: yearMonthOfColumn(plan.startMonth),
    pendingChange:
      plan.batchFlag === null || plan.batchAppliesFrom === null
        ? null
        : {
            batchFlag: plan.batchFlag,
            appliesFrom: yearMonthOfColumn(plan.batchAppliesFrom),
            terms: plan.batchFlag === 'update' ? termsAnswer(upcomingTerms(plan)) : null,
          },
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
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

function bonusOf(body: { bonus?: { months: number[]; amount: number | string } | null | undefined }) {
  return body.bonus === undefined || body.bonus === null
    ? undefined
    : { months: body.bonus.months, amount: BigInt(body.bonus.amount) as Yen };
}

/**
 * 積立, 定期売却 and 毎月の入金 of the signed-in customer. Only manages the instructions: the batch
 * executes them. Every rule comes from @fund/domain; every change is audited in its own transaction.
 */
export class PlansService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async #audit(tx: Transaction, caller: PlanCaller, action: string, details: Record<string, unknown>) {
    await recordAudit(tx, {
      actorType: 'customer',
      actorId: caller.customerId,
      subjectCustomerId: caller.customerId,
      action,
      outcome: 'allowed',
      requestId: caller.requestId,
      ip: caller.ip,
      details,
      occurredAt: this.now(),
    });
  }

  async #customer(tx: Transaction, customerId: string): Promise<PlanCustomer> {
    const customer = await lockCustomer(tx, customerId);
    if (customer === undefined) throw new NotFoundError('お客さまの口座情報が見つかりません。');
    return customer;
  }

  /**
   * The customer, for a call that sets up or widens trading (create, change, resume, 毎月の入金): refused
   * when the account is locked, closed or not opened, as orders are. Suspending and cancelling are not.
   */
  async #tradingCustomer(tx: Transaction, customerId: string): Promise<PlanCustomer> {
    const customer = await this.#customer(tx, customerId);
    const refusal = tradingStandingRefusal(customer);
    if (refusal !== undefined) throw tradingStandingError(refusal);
    return customer;
  }

  /**
   * The card limit over all live plans (suspended ones too: they may resume), `terms` standing for the
   * plan being created or changed. The other plans are checked both with the terms in force and with
   * their pending changes, so neither this month nor a later one can pass 100,000 yen.
   */
  async #checkCardLimit(
    tx: Transaction,
    customerId: string,
    planId: string | null,
    terms: RecurringPlanTerms,
  ) {
    if (terms.paymentMethod !== 'CREDIT_CARD') return;
    const others = (await listRecurringPurchases(tx, customerId, { liveOnly: true })).filter(
      (plan) => plan.id !== planId,
    );
    for (const termsOfOthers of [currentTerms, upcomingTerms]) {
      const check = checkCardMonthlyLimit([...others.map(termsOfOthers), terms]);
      if (!check.ok) {
        const worst = check.months.reduce((a, b) => (a.total >= b.total ? a : b));
        throw new AppError(
          PlanErrorCode.cardMonthlyLimit,
          `クレジットカードでの積立は、すべての積立の合計で月10万円までです（${worst.month}月は${worst.total.toLocaleString('ja-JP')}円になります）。`,
        );
      }
    }
  }

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
    const customer = await this.#tradingCustomer(tx, caller.customerId);
    const fund = await findFundByCode(tx, body.fundCode);
    if (fund === undefined) throw new NotFoundError(fundNotFoundMessage);
    if (fund.salesStatus !== 'ON_SALE')
      throw new AppError(TradingErrorCode.fundNotOnSale, 'このファンドは現在買付を停止しています。');

    const accountCheck = checkPurchaseAccount(body.accountType, customer.role);
    if (!accountCheck.ok)
      throw new AppError(TradingErrorCode.accountNotAllowed, purchaseAccountMessages[accountCheck.reason]);
    if (!(await hasOpenAccount(tx, customer.id, body.accountType))) {
      throw new AppError(TradingErrorCode.accountNotAllowed, 'ご指定の口座区分の口座が開設されていません。');
    }
    const startMonth = scheduleChangeEffectiveMonth(now);
    const bucket = nisaBucketOfAccountType(body.accountType);
    if (bucket !== undefined) {
      const eligibility = nisaEligibility(
        {
          role: customer.role,
          birthDate: isoDate(customer.birthDate ?? '0001-01-01'),
          // no residency column yet: customers of this service are residents (open point)
          residentOfJapan: true,
          hasNisaAccount: true,
        },
        startMonth.year,
      );
      if (!eligibility.ok)
        throw new AppError(TradingErrorCode.nisaNotEligible, nisaEligibilityMessages[eligibility.reason]);
      if (bucket === 'tsumitate' && !fund.tsumitateEligible) {
        throw new AppError(
          TradingErrorCode.nisaNotAllowed,
          'このファンドはつみたて投資枠の対象ではありません。',
        );
      }
      if (bucket === 'growth' && !fund.growthEligible) {
        throw new AppError(TradingErrorCode.nisaNotAllowed, 'このファンドは成長投資枠の対象ではありません。');
      }
    }

    const terms: RecurringPlanTerms = {
      amount: BigInt(body.amount) as Yen,
      bonus: bonusOf(body),
      paymentMethod: body.paymentMethod,
    };
    const check = checkRecurringPlan(terms);
    if (!check.ok) throw planIssuesError(check.issues);
    await this.#checkCardLimit(tx, customer.id, null, terms);

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
    await this.#audit(tx, caller, 'recurring_purchase.create', {
      recurringPurchaseId: plan.id,
      fundCode: fund.code,
      accountType: body.accountType,
      ...termsAnswer(terms),
      startMonth: yearMonthText(startMonth),
    });
    return recurringAnswer(plan, fund);
  }

  async updateRecurringPurchase(
    caller: PlanCaller,
    id: string,
    body: UpdateRecurringPurchaseBody,
  ): Promise<RecurringPurchaseAnswer> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const customer = await this.#tradingCustomer(tx, caller.customerId);
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
      await this.#checkCardLimit(tx, customer.id, plan.id, terms);

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
      await this.#audit(tx, caller, 'recurring_purchase.update', {
        recurringPurchaseId: plan.id,
        before: termsAnswer(before),
        after: termsAnswer(terms),
        appliesFrom: updated.batchAppliesFrom?.slice(0, 7) ?? null,
      });
      const funds = await findFundsByIds(tx, [plan.fundId]);
      return recurringAnswer(updated, funds.get(plan.fundId));
    });
  }

  async moveRecurringPurchase(
    caller: PlanCaller,
    id: string,
    to: ScheduledSellStatusType,
  ): Promise<RecurringPurchaseAnswer> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const customer =
        to === 'ACTIVE'
          ? await this.#tradingCustomer(tx, caller.customerId)
          : await this.#customer(tx, caller.customerId);
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
      await this.#audit(tx, caller, `recurring_purchase.${actionOf(to)}`, {
        recurringPurchaseId: plan.id,
        from: plan.status,
        to,
      });
      const funds = await findFundsByIds(tx, [plan.fundId]);
      return recurringAnswer(updated, funds.get(plan.fundId));
    });
  }

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
    const customer = await this.#tradingCustomer(tx, caller.customerId);
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
    await this.#audit(tx, caller, 'scheduled_sell.create', {
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
      const customer = await this.#tradingCustomer(tx, caller.customerId);
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
      await this.#audit(tx, caller, 'scheduled_sell.update', {
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
      const customer =
        to === 'ACTIVE'
          ? await this.#tradingCustomer(tx, caller.customerId)
          : await this.#customer(tx, caller.customerId);
      const plan = await findScheduledSell(tx, customer.id, id);
      if (plan === undefined) throw new NotFoundError(notFoundMessage);
      if (!scheduledSellStatusMachine.canTransition(plan.status, to)) {
        throw new AppError(PlanErrorCode.planStatusConflict, transitionMessage(plan.status, to));
      }
      const updated = await changeScheduledSell(tx, plan.id, { status: to });
      await this.#audit(tx, caller, `scheduled_sell.${actionOf(to)}`, {
        scheduledSellId: plan.id,
        from: plan.status,
        to,
      });
      const funds = await findFundsByIds(tx, [plan.fundId]);
      return scheduledSellAnswer(updated, funds.get(plan.fundId));
    });
  }

  async monthlyDeposit(customerId: string): Promise<MonthlyDepositAnswer> {
    return depositAnswer(await findLiveMonthlyDeposit(this.db, customerId));
  }

  async putMonthlyDeposit(caller: PlanCaller, body: PutMonthlyDepositBody): Promise<MonthlyDepositAnswer> {
    return this.db.transaction(async (tx) => {
      const customer = await this.#tradingCustomer(tx, caller.customerId);
      const existing = await findLiveMonthlyDeposit(tx, customer.id);
      const amount = BigInt(body.amount);
      const saved =
        existing === undefined
          ? await insertMonthlyDeposit(tx, { customerId: customer.id, amount, debitDay: body.day })
          : await changeMonthlyDeposit(tx, existing.id, { amount, debitDay: body.day });
      await this.#audit(
        tx,
        caller,
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
      const customer = await this.#customer(tx, caller.customerId);
      const existing = await findLiveMonthlyDeposit(tx, customer.id);
      if (existing === undefined) throw new NotFoundError('毎月の入金は設定されていません。');
      await cancelMonthlyDeposit(tx, existing.id);
      await this.#audit(tx, caller, 'monthly_deposit.cancel', { monthlyDepositId: existing.id });
      return depositAnswer(undefined);
    });
  }
}

function actionOf(to: ScheduledSellStatusType): string {
  return to === 'ACTIVE' ? 'resume' : to === 'SUSPENDED' ? 'suspend' : 'cancel';
}

function transitionMessage(from: ScheduledSellStatusType, to: ScheduledSellStatusType): string {
  if (from === 'CANCELED') return '解約済みの設定は変更できません。';
  if (from === to) return to === 'ACTIVE' ? 'すでに再開されています。' : 'すでに停止されています。';
  return 'この操作はできません。';
}
