import {
  calendarDateOf,
  isScheduledSellMonth,
  jstInstant,
  orderDatesFor,
  orderStatusMachine,
  paymentStatusMachine,
  recordDebitOutcome,
  scheduledSellOrderDate,
  transferDebitDate,
  transferPurchaseOrderDate,
  yearMonthOf,
  type AccountType,
  type IsoDate,
  type YearMonth,
} from '@fund/domain';
import {
  batchStepRuns,
  recordBankTransfer,
  credit,
  debit,
  fundProspectuses,
  funds,
  holdings,
  monthlyDeposits,
  orders,
  postJournalEntry,
  prospectusConfirmations,
  recurringDebits,
  recurringPurchases,
  scheduledSells,
  type Fund,
  type Transaction,
} from '@fund/db';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { BatchStep } from '../jobs/batch-runner.ts';
import { firstDayOf, loadFund, monthKey } from '../jobs/batch-data.ts';
import { monthlyDepositDate, monthlyDepositsStep } from '../jobs/steps/monthly-deposits.step.ts';
import { orderExecutionStep } from '../jobs/steps/order-execution.step.ts';
import { orderSettlementStep } from '../jobs/steps/order-settlement.step.ts';
import { noDebitFailures, recurringDebitsStep } from '../jobs/steps/recurring-debits.step.ts';
import { recurringOrdersStep } from '../jobs/steps/recurring-orders.step.ts';
import { scheduledSellsStep } from '../jobs/steps/scheduled-sells.step.ts';
import { sellPayoutDate, sellPayoutsStep } from '../jobs/steps/sell-payouts.step.ts';
import { cancelOrder } from '../modules/trading/order-cancellation.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import { type PlaceSellOrderInput } from '../modules/trading/order-placement.ts';
import { tradingCalendarOf } from '../modules/trading/trading.repository.ts';

/**
 * The replay engine of the demo history (demo-history.ts): it writes a scripted past through the real
 * code paths, fast. Spot orders go through `placeBuyOrder` / `placeSellOrder` / `cancelOrder` at their past
 * `now`; plans are rows like the plans API writes; every batch effect (monthly deposits, 口座振替 and card
 * charges, 積立 orders, 定期売却 orders, 約定, 受渡, payouts) is the batch step's own `process` for that one
 * item, called only on the dates where something happens (not day by day), each item recorded SUCCEEDED in
 * `batch_step_runs` as the runner does, so a later batch run of the same date skips it.
 */

/** A JST wall-clock time on a date. */
export function instantOn(date: IsoDate, hour: number, minute = 0): Date {
  const { year, month, day } = calendarDateOf(date);
  return jstInstant(year, month, day, hour, minute);
}

/** The default batch time (BATCH_TIME 18:00 JST): the `now` of the batch items replayed for a date. */
const batchHour = 18;

function monthAfter(month: YearMonth): YearMonth {
  return month.month === 12
    ? { year: month.year + 1, month: 1 }
    : { year: month.year, month: month.month + 1 };
}

function monthsFrom(first: YearMonth, last: YearMonth): YearMonth[] {
  const months: YearMonth[] = [];
  for (
    let month = first;
    month.year * 12 + month.month <= last.year * 12 + last.month;
    month = monthAfter(month)
  )
    months.push(month);
  return months;
}

function monthOf(text: string): YearMonth {
  return { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) };
}

export interface RecurringPlanScript {
  readonly fundCode: string;
  readonly accountType: AccountType;
  readonly amount: bigint;
  readonly paymentMethod: 'ACCOUNT_TRANSFER' | 'CREDIT_CARD';
  /** yyyy-mm of the first month bought. */
  readonly startMonth: string;
  /** The latest debit before today fails (残高不足), written as the debit step writes a failure. */
  readonly failsLatestDebit?: boolean;
}

export interface ScheduledSellScript {
  readonly fundCode: string;
  readonly type: 'AMOUNT' | 'QUANTITY' | 'RATE';
  readonly value: bigint;
  readonly frequency: 'MONTHLY' | 'ODD_MONTHLY';
  /** yyyy-mm of the first month it may sell in. */
  readonly startMonth: string;
}

export interface MonthlyDepositScript {
  readonly amount: bigint;
  readonly day: number;
  readonly startMonth: string;
}

/** What one customer did, by date; `run` uses the engine's helpers. */
export interface ScriptedEvent {
  readonly date: IsoDate;
  readonly run: (engine: HistoryEngine) => Promise<unknown>;
}

export interface CustomerScript {
  readonly accountNumber: string;
  readonly recurringPurchases?: readonly RecurringPlanScript[];
  readonly scheduledSells?: readonly ScheduledSellScript[];
  readonly monthlyDeposit?: MonthlyDepositScript;
  readonly events?: readonly ScriptedEvent[];
  /** Placed at `now` on today (left ORDERED, cancellable): the pending orders of the orders list. */
  readonly today?: (engine: HistoryEngine) => Promise<void>;
}

interface StepItem {
  readonly step: BatchStep;
  readonly itemId: string;
  readonly expected: readonly string[];
  readonly before?: () => Promise<void>;
}

const debitsStep = recurringDebitsStep({ failureRule: noDebitFailures });

export class HistoryEngine {
  readonly #tx: Transaction;
  readonly #today: IsoDate;
  readonly #customerIds: ReadonlyMap<string, string>;
  readonly #ordersStep: BatchStep;
  readonly #fundsByCode = new Map<string, Fund>();
  readonly #stepRuns: { step: string; businessDate: string; itemId: string }[] = [];
  /** Current date of the replay and the instant the customer acts at on it. */
  #date: IsoDate | undefined;
  #keyCounter = 0;
  /** When today's pending orders are placed. */
  #todayNow: Date | undefined;
  /** Business days from the 口座振替 to the 積立 order. */
  readonly lag: number;

  constructor(
    tx: Transaction,
    options: { today: IsoDate; customerIds: ReadonlyMap<string, string>; purchaseLagBusinessDays: number },
  ) {
    this.#tx = tx;
    this.#today = options.today;
    this.#customerIds = options.customerIds;
    this.#ordersStep = recurringOrdersStep({ lagBusinessDays: options.purchaseLagBusinessDays });
    this.lag = options.purchaseLagBusinessDays;
  }

  get tx(): Transaction {
    return this.#tx;
  }

  customerId(accountNumber: string): string {
    const id = this.#customerIds.get(accountNumber);
    if (id === undefined) throw new Error(`Demo history: no demo customer ${accountNumber}`);
    return id;
  }

  async fund(code: string): Promise<Fund> {
    let fund = this.#fundsByCode.get(code);
    if (fund === undefined) {
      [fund] = await this.#tx.select().from(funds).where(eq(funds.code, code));
      if (fund === undefined) throw new Error(`Demo history: no fund ${code}`);
      this.#fundsByCode.set(code, fund);
    }
    return fund;
  }

  /** The replayed date's customer time (10:00 JST, before the cut-off). */
  #customerNow(minute = 0): Date {
    if (this.#date === undefined) throw new Error('Demo history: no current date');
    return instantOn(this.#date, 10, minute);
  }

  #key(what: string): string {
    this.#keyCounter += 1;
    return `demo-history:${this.#date}:${what}:${this.#keyCounter}`;
  }

  /** 振込入金 into the cash balance, as the opening deposit of seedDemoTradingAccounts is written. */
  async deposit(accountNumber: string, amount: bigint): Promise<void> {
    const customerId = this.customerId(accountNumber);
    const businessDate = this.#date!;
    const entryId = await postJournalEntry(this.#tx, {
      kind: 'demo.history-deposit',
      businessDate,
      customerId,
      description: 'デモ履歴の入金（振込入金）',
      lines: [debit('bank_clearing', amount), credit('customer_cash', amount, customerId)],
    });
    await recordBankTransfer(this.#tx, {
      customerId,
      type: 'deposit',
      amount,
      date: businessDate,
      description: '振込入金',
      journalEntryId: entryId,
    });
  }

  /**
   * The customer confirms every prospectus version of the fund in force by today (the main customer has
   * them from seedDemoTradingAccounts, except DEMOF002's, which the script never buys).
   */
  async confirmProspectus(accountNumber: string, fundCode: string): Promise<void> {
    const fund = await this.fund(fundCode);
    const versions = await this.#tx
      .select({ version: fundProspectuses.version })
      .from(fundProspectuses)
      .where(and(eq(fundProspectuses.fundId, fund.id), lte(fundProspectuses.effectiveOn, this.#today)));
    if (versions.length === 0) return;
    await this.#tx
      .insert(prospectusConfirmations)
      .values(
        versions.map((row) => ({
          customerId: this.customerId(accountNumber),
          fundId: fund.id,
          version: row.version,
          confirmedAt: instantOn(this.#date!, 9, 30),
        })),
      )
      .onConflictDoNothing();
  }

  /** A spot buy (AMOUNT) at 10:00 JST of the date. */
  async buy(accountNumber: string, fundCode: string, accountType: AccountType, amount: bigint) {
    return placeBuyOrder(this.#tx, {
      customerId: this.customerId(accountNumber),
      fundCode,
      accountType,
      orderType: 'AMOUNT',
      amount,
      channel: 'BUY',
      idempotencyKey: this.#key(`buy:${fundCode}`),
      now: this.#customerNow(),
    });
  }

  /** A spot buy placed and cancelled again half an hour later, before the cut-off. */
  async buyAndCancel(accountNumber: string, fundCode: string, accountType: AccountType, amount: bigint) {
    const order = await this.buy(accountNumber, fundCode, accountType, amount);
    return cancelOrder(this.#tx, {
      customerId: this.customerId(accountNumber),
      orderId: order.id,
      now: this.#customerNow(30),
    });
  }

  /** A spot sell at 10:00 JST: ALL, an amount, or a share (percent) of the holding's free units. */
  async sell(
    accountNumber: string,
    fundCode: string,
    accountType: AccountType,
    what: { all: true } | { amount: bigint } | { percentOfUnits: bigint },
  ) {
    const customerId = this.customerId(accountNumber);
    const common = {
      customerId,
      fundCode,
      accountType,
      channel: 'SELL' as const,
      idempotencyKey: this.#key(`sell:${fundCode}`),
      now: this.#customerNow(),
    };
    let input: PlaceSellOrderInput;
    if ('all' in what) input = { ...common, orderType: 'ALL' };
    else if ('amount' in what) input = { ...common, orderType: 'AMOUNT', amount: what.amount };
    else {
      const fund = await this.fund(fundCode);
      const [holding] = await this.#tx
        .select({ units: holdings.units, reserved: holdings.reservedUnits })
        .from(holdings)
        .where(
          and(
            eq(holdings.customerId, customerId),
            eq(holdings.accountType, accountType),
            eq(holdings.fundId, fund.id),
          ),
        );
      const units = (((holding?.units ?? 0n) - (holding?.reserved ?? 0n)) * what.percentOfUnits) / 100n;
      input = { ...common, orderType: 'QUANTITY', units };
    }
    return placeSellOrder(this.#tx, input);
  }

  /**
   * A buy from the time before the placement refuses it (e.g. ジュニアNISA before 2024): the order row and
   * its `buy.placed` entry written exactly as `placeBuyOrder` writes a spot AMOUNT buy paid from the cash
   * balance; the batch steps then execute and settle it like any other order.
   */
  async legacyBuy(accountNumber: string, fundCode: string, accountType: AccountType, amount: bigint) {
    const customerId = this.customerId(accountNumber);
    const fund = await this.fund(fundCode);
    const now = this.#customerNow();
    const dates = orderDatesFor(now, 'BUY', await tradingCalendarOf(this.#tx, fund, this.#date!));
    const [order] = await this.#tx
      .insert(orders)
      .values({
        customerId,
        accountType,
        fundId: fund.id,
        channel: 'BUY',
        orderType: 'AMOUNT',
        idempotencyKey: this.#key(`legacy-buy:${fundCode}`),
        requestedAmount: amount,
        paymentStatus: 'NONE',
        applicationDate: dates.applicationDate,
        tradeDate: dates.tradeDate,
        settlementDate: dates.settlementDate,
        cancelDeadline: dates.cancelDeadline,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await postJournalEntry(this.#tx, {
      kind: 'buy.placed',
      businessDate: this.#date!,
      customerId,
      orderId: order!.id,
      description: '買付注文（お預り金から充当）',
      lines: [credit('customer_unsettled', amount, customerId), debit('customer_cash', amount, customerId)],
    });
    return order!;
  }

  /** Places today's pending orders at `now` (not replayed further: the batch takes them from here). */
  async today(now: Date, run: (engine: HistoryEngine) => Promise<void>): Promise<void> {
    this.#date = this.#today;
    this.#todayNow = now;
    await run(this);
  }

  /** A spot buy placed at today's `now`. */
  async buyNow(accountNumber: string, fundCode: string, accountType: AccountType, amount: bigint) {
    return placeBuyOrder(this.#tx, {
      customerId: this.customerId(accountNumber),
      fundCode,
      accountType,
      orderType: 'AMOUNT',
      amount,
      channel: 'BUY',
      idempotencyKey: this.#key(`buy:${fundCode}`),
      now: this.#todayNow ?? this.#customerNow(),
    });
  }

  /** Inserts the plans of the scripts (as the plans API writes them) and returns the batch items by date. */
  async #plansAndItems(scripts: readonly CustomerScript[]): Promise<Map<IsoDate, StepItem[]>> {
    const items = new Map<IsoDate, StepItem[]>();
    const add = (date: IsoDate, item: StepItem) => {
      if (date >= this.#today) return;
      const list = items.get(date) ?? [];
      list.push(item);
      items.set(date, list);
    };
    const todayMonth = yearMonthOf(this.#today);
    for (const script of scripts) {
      const customerId = this.customerId(script.accountNumber);
      const recurring = script.recurringPurchases ?? [];
      let firstMonth: YearMonth | undefined;
      const failures: { planId: string; amount: bigint; start: YearMonth }[] = [];
      for (const plan of recurring) {
        const fund = await this.fund(plan.fundCode);
        const start = monthOf(plan.startMonth);
        // created in the month before its first month, after that month's cut-over
        const createdAt = instantOn(firstDayOf(start) as IsoDate, 9);
        const [row] = await this.#tx
          .insert(recurringPurchases)
          .values({
            customerId,
            fundId: fund.id,
            accountType: plan.accountType,
            amount: plan.amount,
            paymentMethod: plan.paymentMethod,
            startMonth: firstDayOf(start),
            createdAt: new Date(createdAt.getTime() - 20 * 86_400_000),
            updatedAt: new Date(createdAt.getTime() - 20 * 86_400_000),
          })
          .returning();
        if (
          firstMonth === undefined ||
          start.year * 12 + start.month < firstMonth.year * 12 + firstMonth.month
        )
          firstMonth = start;
        if (plan.failsLatestDebit === true) failures.push({ planId: row!.id, amount: plan.amount, start });
      }
      if (firstMonth !== undefined) {
        // a debit may fall in the next month (27th → next business day), so the months run one past today's
        const months = monthsFrom(firstMonth, monthAfter(todayMonth));
        const failingMonth = new Map<string, (typeof failures)[number]>();
        for (const failure of failures) {
          const due = months.filter(
            (month) =>
              month.year * 12 + month.month >= failure.start.year * 12 + failure.start.month &&
              transferDebitDate(month) < this.#today,
          );
          const latest = due.at(-1);
          if (latest !== undefined) failingMonth.set(monthKey(latest), failure);
        }
        for (const month of months) {
          const itemId = `${customerId}:${monthKey(month)}`;
          const debitDate = transferDebitDate(month);
          const failure = failingMonth.get(monthKey(month));
          add(debitDate, {
            step: debitsStep,
            itemId,
            expected: ['debited', 'nothing-to-debit'],
            ...(failure === undefined
              ? {}
              : { before: () => this.#failDebit(failure.planId, failure.amount, month, debitDate) }),
          });
          add(transferPurchaseOrderDate(month, this.lag), {
            step: this.#ordersStep,
            itemId,
            expected: ['placed', 'nothing-to-place'],
          });
        }
      }

      for (const plan of script.scheduledSells ?? []) {
        const fund = await this.fund(plan.fundCode);
        const start = monthOf(plan.startMonth);
        const createdAt = new Date(instantOn(firstDayOf(start) as IsoDate, 9).getTime() - 10 * 86_400_000);
        const [row] = await this.#tx
          .insert(scheduledSells)
          .values({
            customerId,
            fundId: fund.id,
            accountType: 'specific',
            type: plan.type,
            value: plan.value,
            frequency: plan.frequency,
            createdAt,
            updatedAt: createdAt,
          })
          .returning();
        const { holidays } = await loadFund(this.#tx, fund.id);
        for (const month of monthsFrom(start, todayMonth)) {
          if (!isScheduledSellMonth(plan.frequency, month.month)) continue;
          add(scheduledSellOrderDate(month, holidays), {
            step: scheduledSellsStep,
            itemId: `${row!.id}:${monthKey(month)}`,
            expected: ['placed'],
          });
        }
      }

      if (script.monthlyDeposit !== undefined) {
        const plan = script.monthlyDeposit;
        const start = monthOf(plan.startMonth);
        const createdAt = new Date(instantOn(firstDayOf(start) as IsoDate, 9).getTime() - 10 * 86_400_000);
        const [row] = await this.#tx
          .insert(monthlyDeposits)
          .values({ customerId, amount: plan.amount, debitDay: plan.day, createdAt, updatedAt: createdAt })
          .returning();
        for (const month of monthsFrom(start, todayMonth)) {
          add(monthlyDepositDate(month, plan.day), {
            step: monthlyDepositsStep,
            itemId: `${row!.id}:${monthKey(month)}`,
            expected: ['deposited'],
          });
        }
      }
    }
    return items;
  }

  /**
   * A failed 口座振替 of one plan, written as the debit step writes a failure (NONE → PROCESSING →
   * FAILURE with the reason, the failures in a row counted); the step then debits the customer's other
   * plans of the month and skips this one, whose month is done.
   */
  async #failDebit(planId: string, amount: bigint, month: YearMonth, debitDate: IsoDate): Promise<void> {
    paymentStatusMachine.assertTransition('NONE', 'PROCESSING');
    paymentStatusMachine.assertTransition('PROCESSING', 'FAILURE');
    await this.#tx.insert(recurringDebits).values({
      recurringPurchaseId: planId,
      month: firstDayOf(month),
      debitDate,
      amount,
      paymentStatus: 'FAILURE',
      failureReason: '残高不足',
    });
    const [plan] = await this.#tx
      .select({ failures: recurringPurchases.consecutiveDebitFailures })
      .from(recurringPurchases)
      .where(eq(recurringPurchases.id, planId));
    const state = recordDebitOutcome(plan?.failures ?? 0, 'FAILURE');
    await this.#tx
      .update(recurringPurchases)
      .set({
        consecutiveDebitFailures: Math.min(state.consecutiveFailures, 3),
        ...(state.suspend ? { status: 'SUSPENDED' as const } : {}),
      })
      .where(eq(recurringPurchases.id, planId));
  }

  async #process(item: StepItem, businessDate: IsoDate): Promise<void> {
    await item.before?.();
    const outcome = await item.step.process(this.#tx, item.itemId, {
      businessDate,
      now: () => instantOn(businessDate, batchHour),
    });
    if (!item.expected.includes(outcome)) {
      throw new Error(
        `Demo history: ${item.step.name} ${item.itemId} on ${businessDate} ended ${outcome}, expected ${item.expected.join(' or ')}`,
      );
    }
    this.#stepRuns.push({ step: item.step.name, businessDate, itemId: item.itemId });
  }

  /** Replays the scripts up to (not including) today, then places today's orders at `now`. */
  async replay(scripts: readonly CustomerScript[], now: Date): Promise<void> {
    const customerIds = scripts.map((script) => this.customerId(script.accountNumber));
    const items = await this.#plansAndItems(scripts);
    const events = new Map<IsoDate, ScriptedEvent[]>();
    for (const script of scripts) {
      for (const event of script.events ?? []) {
        if (event.date >= this.#today) continue;
        events.set(event.date, [...(events.get(event.date) ?? []), event]);
      }
    }
    const pending = new Set<IsoDate>([...items.keys(), ...events.keys()]);
    const done = new Set<IsoDate>();
    for (;;) {
      const remaining = [...pending].filter((date) => !done.has(date)).sort();
      const date = remaining[0];
      if (date === undefined) break;
      done.add(date);
      this.#date = date;
      for (const event of events.get(date) ?? []) await event.run(this);
      for (const item of items.get(date) ?? []) await this.#process(item, date);

      // the rest of the batch for the date: 約定, 受渡 and payouts of the demo customers' open orders
      const open = await this.#openOrders(customerIds);
      for (const order of open) {
        if (order.status === 'ORDERED' && order.tradeDate <= date) {
          await this.#process(
            { step: orderExecutionStep, itemId: order.id, expected: ['buy-executed', 'sell-executed'] },
            date,
          );
          order.status = 'EXECUTED';
        }
      }
      for (const order of open) {
        if (order.status === 'EXECUTED' && order.settlementDate <= date) {
          await this.#process(
            { step: orderSettlementStep, itemId: order.id, expected: ['buy-settled', 'sell-settled'] },
            date,
          );
          orderStatusMachine.assertTransition('EXECUTED', 'TRADED');
          order.status = order.channel === 'SCHEDULEDSELL' ? 'TRADED' : 'COMPLETED';
        }
      }
      for (const order of open) {
        if (order.status === 'TRADED' && order.channel === 'SCHEDULEDSELL' && sellPayoutDate(order) <= date) {
          await this.#process({ step: sellPayoutsStep, itemId: order.id, expected: ['paid'] }, date);
          order.status = 'COMPLETED';
        }
      }
      // the dates the open orders still need (those before today)
      for (const order of open) {
        const dates =
          order.status === 'ORDERED'
            ? [order.tradeDate, order.settlementDate]
            : order.status === 'EXECUTED'
              ? [order.settlementDate]
              : [];
        if (order.channel === 'SCHEDULEDSELL' && order.status !== 'COMPLETED')
          dates.push(sellPayoutDate(order));
        for (const next of dates) if (next > date && next < this.#today) pending.add(next as IsoDate);
      }
    }
    for (const script of scripts) {
      if (script.today !== undefined) await this.today(now, script.today);
    }
    await this.#recordStepRuns();
  }

  async #openOrders(customerIds: readonly string[]) {
    return this.#tx
      .select({
        id: orders.id,
        status: orders.status,
        channel: orders.channel,
        applicationDate: orders.applicationDate,
        tradeDate: orders.tradeDate,
        settlementDate: orders.settlementDate,
      })
      .from(orders)
      .where(
        and(
          inArray(orders.customerId, [...customerIds]),
          inArray(orders.status, ['ORDERED', 'EXECUTED', 'TRADED']),
        ),
      )
      .orderBy(orders.createdAt, orders.id);
  }

  /** The items done, as the runner leaves them: SUCCEEDED rows a later batch run of the date skips. */
  async #recordStepRuns(): Promise<void> {
    const finishedAt = new Date();
    for (let start = 0; start < this.#stepRuns.length; start += 1_000) {
      await this.#tx
        .insert(batchStepRuns)
        .values(
          this.#stepRuns
            .slice(start, start + 1_000)
            .map((run) => ({ ...run, status: 'SUCCEEDED' as const, attempts: 1, finishedAt })),
        )
        .onConflictDoNothing();
    }
  }

  get stepItems(): number {
    return this.#stepRuns.length;
  }
}
