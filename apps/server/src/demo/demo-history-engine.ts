import { setImmediate } from 'node:timers/promises';
import type { AccountType, DistributionCourse, IsoDate } from '@fund/domain';
import {
  recordBankTransfer,
  credit,
  debit,
  fundProspectuses,
  funds,
  holdings,
  postJournalEntry,
  prospectusConfirmations,
  type Fund,
  type Transaction,
} from '@fund/db';
import { and, eq, lte } from 'drizzle-orm';
import { noDebitFailures } from '../jobs/steps/recurring-debits.step.ts';
import { cancelOrder } from '../modules/trading/order-cancellation.ts';
import { placeBuyOrder } from '../modules/trading/buy-placement.ts';
import { placeSellOrder } from '../modules/trading/sell-placement.ts';
import { chooseDistributionCourse } from '../shared/distribution-courses.repository.ts';
import { type PlaceSellOrderInput } from '../modules/trading/order-placement.ts';
import type { CustomerScript, ScriptedEvent } from './demo-customer-script.ts';
import { ReplayedBatchItems } from './demo-history-batch-items.ts';
import {
  distributionsByPaymentDate,
  replayDistributions,
  type DistributionsByPaymentDate,
} from './demo-history-distributions.ts';
import { writeLegacyBuy } from './demo-history-legacy-buy.ts';
import { instantOn } from './demo-history-months.ts';
import { replayOpenOrders } from './demo-history-open-orders.ts';
import { plansAndItems } from './demo-history-plans.ts';

/**
 * The replay engine of the demo history (demo-history.ts): it writes a scripted past through the real
 * code paths, fast. Spot orders go through `placeBuyOrder` / `placeSellOrder` / `cancelOrder` at their past
 * `now`; plans are rows like the plans API writes; every batch effect (monthly deposits, 口座振替 and card
 * charges, 積立 orders, 定期売却 orders, 約定, 受渡, payouts, 収益分配) is the batch step's own `process` for that one
 * item, called only on the dates where something happens (not day by day), each item recorded SUCCEEDED in
 * `batch_step_runs` as the runner does, so a later batch run of the same date skips it. The plans and the
 * batch items they give are demo-history-plans.ts; the open orders' 約定, 受渡 and payouts
 * demo-history-open-orders.ts; each 支払開始日's distributions demo-history-distributions.ts.
 */

export class HistoryEngine {
  readonly #tx: Transaction;
  readonly #today: IsoDate;
  readonly #customerIds: ReadonlyMap<string, string>;
  readonly #fundsByCode = new Map<string, Fund>();
  readonly #batch: ReplayedBatchItems;
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
    this.#batch = new ReplayedBatchItems(tx, {
      demoPrices: false,
      debitFailureRule: noDebitFailures,
      purchaseLagBusinessDays: options.purchaseLagBusinessDays,
    });
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

  /**
   * A spot buy (AMOUNT) at 10:00 JST of the date; with a `course`, the holding's 分配金 course chosen with
   * it, as the buy API does.
   */
  async buy(
    accountNumber: string,
    fundCode: string,
    accountType: AccountType,
    amount: bigint,
    course?: DistributionCourse,
  ) {
    const customerId = this.customerId(accountNumber);
    const order = await placeBuyOrder(this.#tx, {
      customerId,
      fundCode,
      accountType,
      orderType: 'AMOUNT',
      amount,
      channel: 'BUY',
      idempotencyKey: this.#key(`buy:${fundCode}`),
      now: this.#customerNow(),
    });
    if (course !== undefined) {
      const fund = await this.fund(fundCode);
      await chooseDistributionCourse(this.#tx, { customerId, accountType, fundId: fund.id }, course);
    }
    return order;
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

  /** A buy from before the placement refused it (e.g. ジュニアNISA before 2024), as it was written then. */
  async legacyBuy(accountNumber: string, fundCode: string, accountType: AccountType, amount: bigint) {
    return writeLegacyBuy(this.#tx, {
      customerId: this.customerId(accountNumber),
      fund: await this.fund(fundCode),
      accountType,
      amount,
      idempotencyKey: this.#key(`legacy-buy:${fundCode}`),
      businessDate: this.#date!,
      now: this.#customerNow(),
    });
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

  /** Replays the scripts up to (not including) today, then places today's orders at `now`. */
  async replay(scripts: readonly CustomerScript[], now: Date): Promise<void> {
    const customerIds = scripts.map((script) => this.customerId(script.accountNumber));
    const scriptedCustomers = new Set(customerIds);
    const items = await plansAndItems(
      {
        tx: this.#tx,
        today: this.#today,
        lag: this.lag,
        customerId: (accountNumber) => this.customerId(accountNumber),
        fund: (code) => this.fund(code),
      },
      scripts,
    );
    const events = new Map<IsoDate, ScriptedEvent[]>();
    for (const script of scripts) {
      for (const event of script.events ?? []) {
        if (event.date >= this.#today) continue;
        events.set(event.date, [...(events.get(event.date) ?? []), event]);
      }
    }
    const firstDate = [...items.keys(), ...events.keys()].sort()[0];
    const distributions: DistributionsByPaymentDate =
      firstDate === undefined
        ? new Map()
        : await distributionsByPaymentDate(this.#tx, firstDate, this.#today);
    const pending = new Set<IsoDate>([...items.keys(), ...events.keys(), ...distributions.keys()]);
    // the dates orders or plans need (the others only pay distributions, after that date's 約定 and 受渡)
    const busy = new Set<IsoDate>([...items.keys(), ...events.keys()]);
    const done = new Set<IsoDate>();
    for (;;) {
      const remaining = [...pending].filter((date) => !done.has(date)).sort();
      const date = remaining[0];
      if (date === undefined) break;
      done.add(date);
      this.#date = date;
      // the embedded database answers within the same turn of the event loop, so the replay would hold
      // the server's first pages (which need no database) until its end: they get their turn each day
      await setImmediate();
      if (busy.has(date)) {
        for (const event of events.get(date) ?? []) await event.run(this);
        await this.#batch.processAll(items.get(date) ?? [], date);
        const later = await replayOpenOrders(this.#tx, this.#batch, customerIds, date, this.#today);
        for (const next of later) {
          pending.add(next);
          busy.add(next);
        }
      }
      const paidToday = distributions.get(date);
      if (paidToday !== undefined)
        await replayDistributions(this.#tx, this.#batch, scriptedCustomers, date, paidToday);
    }
    for (const script of scripts) {
      if (script.today !== undefined) await this.today(now, script.today);
    }
    await this.#batch.record();
  }

  get stepItems(): number {
    return this.#batch.count;
  }
}
