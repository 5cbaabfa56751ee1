// The customers' actions and the outside events of the model-based test, as fast-check commands: each
// goes through the real API (or, for what happens outside the service, the table the outside world
// writes), and the business days go through the real batch.
import { linkedCards } from '@fund/db';
import { addCalendarDays, jstInstant, type IsoDate } from '@fund/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { answerMfa, authorizationCode, authorizeRedirectUri } from '../card-issuer-flow.ts';
import { send } from '../trading-fixtures.ts';
import { runBusinessDay, type DailyBatchOptions } from '../../jobs/daily-batch.ts';
import { checkDay } from './invariants.ts';
import { modelCustomers, modelFunds, registerBankAccount, type World } from './world.ts';

/** What the test remembers of each customer: enough to pick real ids and to know the outside world. */
interface CustomerState {
  orders: string[];
  plans: string[];
  sellPlans: string[];
  bankAccount: boolean;
}

export interface LifeModel {
  date: IsoDate;
  /** Minutes after 09:00 JST of `date` (the clock only moves forward). */
  minute: number;
  readonly customers: Map<string, CustomerState>;
  keys: number;
  /** The last call that carried an Idempotency-Key, for a retry of it. */
  lastWrite?: WriteCall;
  /** Counts for the soak report: nights run, API calls, and answers by call and status class. */
  days: number;
  calls: number;
  readonly answers: Map<string, number>;
}

interface WriteCall {
  readonly accountNumber: string;
  readonly method: 'POST' | 'PUT';
  readonly url: string;
  readonly body: unknown;
  readonly key: string;
  readonly status: number;
  readonly response: string;
}

export function initialModel(firstDate: IsoDate): LifeModel {
  return {
    date: firstDate,
    minute: 0,
    customers: new Map(
      modelCustomers.map((customer) => [
        customer.accountNumber,
        { orders: [], plans: [], sellPlans: [], bankAccount: customer.bankAccount },
      ]),
    ),
    keys: 0,
    days: 0,
    calls: 0,
    answers: new Map(),
  };
}

export class UnexpectedAnswer extends Error {
  override readonly name = 'UnexpectedAnswer';
}

function instantOf(model: LifeModel): Date {
  const [year, month, day] = model.date.split('-').map(Number) as [number, number, number];
  return new Date(jstInstant(year, month, day, 9, 0).getTime() + model.minute * 60_000);
}

/** Moves the business clock forward within the day (at most to 23:00) before a customer acts. */
function tick(model: LifeModel, world: World, minutes: number) {
  model.minute = Math.min(14 * 60, model.minute + minutes);
  world.clock.instant = instantOf(model);
}

function idOf(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  if (typeof record.id === 'string') return record.id;
  for (const value of Object.values(record)) {
    if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string') {
      return (value as { id: string }).id;
    }
  }
  return undefined;
}

function errorCodeOf(body: string): string {
  try {
    const json = JSON.parse(body) as { code?: unknown; type?: unknown };
    return String(json.code ?? json.type ?? '');
  } catch {
    return '';
  }
}

/** The calls that take an Idempotency-Key (security.md 25): the ones that create an order or a plan. */
const keyedCalls = new Set([
  '/v1/orders/buy',
  '/v1/orders/sell',
  '/v1/recurringPurchases',
  '/v1/scheduledSells',
]);

/**
 * One API call as the customer. Any answer is acceptable but a server error or a lost session: a
 * refusal (4xx) is the API saying no, which the invariants then hold it to.
 */
async function call(
  world: World,
  model: LifeModel,
  accountNumber: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  model.calls += 1;
  const withKey = method === 'POST' || method === 'PUT';
  const key = withKey ? `model-${(model.keys += 1)}` : undefined;
  const response = await send(world.app, world.tokens.get(accountNumber)!, method, url, {
    ...(body === undefined ? {} : { body }),
    ...(key === undefined ? {} : { idempotencyKey: key }),
  });
  const refusal = response.statusCode >= 400 ? ` ${errorCodeOf(response.body)}` : '';
  const answer = `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} ${response.statusCode}${refusal}`;
  model.answers.set(answer, (model.answers.get(answer) ?? 0) + 1);
  if (response.statusCode >= 500 || response.statusCode === 401) {
    throw new UnexpectedAnswer(
      `${method} ${url} ${JSON.stringify(body ?? null)} as ${accountNumber} on ${model.date}: ${response.statusCode} ${response.body.slice(0, 500)}`,
    );
  }
  if (key !== undefined && (method === 'POST' || method === 'PUT') && keyedCalls.has(url)) {
    model.lastWrite = {
      accountNumber,
      method,
      url,
      body,
      key,
      status: response.statusCode,
      response: response.body,
    };
  }
  return response;
}

const customerArb = fc.constantFrom(...modelCustomers.map((customer) => customer.accountNumber));
const fundArb = fc.constantFrom(...modelFunds.map((fund) => fund.code));
const anyAccountArb = fc.constantFrom('specific', 'general', 'nisa2_growth', 'nisa2_tsumitate');
/** Mostly one of the customer's own accounts, sometimes any (which the API must refuse cleanly). */
function accountOf(accountNumber: string) {
  const own = modelCustomers.find((customer) => customer.accountNumber === accountNumber)!.accounts;
  return fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 6 }, { arbitrary: anyAccountArb, weight: 1 });
}
const minutesArb = fc.integer({ min: 0, max: 240 });
/** Every kind of amount: below the minimum, odd, ordinary, large. */
const yenArb = fc.constantFrom(1, 999, 1_000, 5_000, 12_345, 23_000, 50_000, 150_000, 400_000);
const unitsArb = fc.constantFrom(1, 9_999, 10_000, 123_456, 1_000_000);
const pointsArb = fc.constantFrom(0, 0, 0, 200, 300, 1_000, 2_500);
const planYenArb = fc.constantFrom(4_500, 5_000, 5_500, 6_000, 33_000, 60_000, 100_000, 1_500_000);

type Command = fc.AsyncCommand<LifeModel, World>;

abstract class CustomerCommand implements Command {
  constructor(
    readonly accountNumber: string,
    readonly minutes: number,
  ) {}
  check(_model: Readonly<LifeModel>): boolean {
    return true;
  }
  async run(model: LifeModel, world: World): Promise<void> {
    tick(model, world, this.minutes);
    await this.act(model, world, model.customers.get(this.accountNumber)!);
  }
  abstract act(model: LifeModel, world: World, customer: CustomerState): Promise<void>;
  abstract toString(): string;
}

/** A spot buy or a sell, as the order screens send it. */
class PlaceOrder extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly side: 'buy' | 'sell',
    readonly order: Record<string, unknown>,
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World, customer: CustomerState) {
    const response = await call(
      world,
      model,
      this.accountNumber,
      'POST',
      `/v1/orders/${this.side}`,
      this.order,
    );
    const id = response.statusCode < 300 ? idOf(response.json()) : undefined;
    if (id !== undefined) customer.orders.push(id);
  }
  toString() {
    return `${this.side} ${this.accountNumber} +${this.minutes}m ${JSON.stringify(this.order)}`;
  }
}

/** Picks the `pick`-th remembered id (modulo), or none when there is none yet. */
function picked(ids: readonly string[], pick: number): string | undefined {
  return ids.length === 0 ? undefined : ids[pick % ids.length];
}

class Cancel extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly pick: number,
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World, customer: CustomerState) {
    const id = picked(customer.orders, this.pick);
    if (id !== undefined) await call(world, model, this.accountNumber, 'POST', `/v1/orders/${id}/cancel`, {});
  }
  toString() {
    return `cancel ${this.accountNumber} +${this.minutes}m order#${this.pick}`;
  }
}

class CreatePlan extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly plan: Record<string, unknown>,
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World, customer: CustomerState) {
    const response = await call(
      world,
      model,
      this.accountNumber,
      'POST',
      '/v1/recurringPurchases',
      this.plan,
    );
    const id = response.statusCode < 300 ? idOf(response.json()) : undefined;
    if (id !== undefined) customer.plans.push(id);
  }
  toString() {
    return `積立 set up ${this.accountNumber} +${this.minutes}m ${JSON.stringify(this.plan)}`;
  }
}

class ChangePlan extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly pick: number,
    readonly change: Record<string, unknown>,
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World, customer: CustomerState) {
    const id = picked(customer.plans, this.pick);
    if (id !== undefined) {
      await call(world, model, this.accountNumber, 'PUT', `/v1/recurringPurchases/${id}`, this.change);
    }
  }
  toString() {
    return `積立 change ${this.accountNumber} +${this.minutes}m plan#${this.pick} ${JSON.stringify(this.change)}`;
  }
}

class PlanStatus extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly pick: number,
    readonly action: 'suspend' | 'resume' | 'cancel',
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World, customer: CustomerState) {
    const id = picked(customer.plans, this.pick);
    if (id !== undefined) {
      await call(world, model, this.accountNumber, 'POST', `/v1/recurringPurchases/${id}/${this.action}`, {});
    }
  }
  toString() {
    return `積立 ${this.action} ${this.accountNumber} +${this.minutes}m plan#${this.pick}`;
  }
}

class CreateScheduledSell extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly plan: Record<string, unknown>,
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World, customer: CustomerState) {
    const response = await call(world, model, this.accountNumber, 'POST', '/v1/scheduledSells', this.plan);
    const id = response.statusCode < 300 ? idOf(response.json()) : undefined;
    if (id !== undefined) customer.sellPlans.push(id);
  }
  toString() {
    return `定期売却 set up ${this.accountNumber} +${this.minutes}m ${JSON.stringify(this.plan)}`;
  }
}

/** 分配金の受取方法 of a holding (分配金コース), as the holding's screen changes it. */
class ChooseDistributionCourse extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly choice: { fundCode: string; accountType: string; course: 'RECEIVE' | 'REINVEST' },
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World) {
    await call(world, model, this.accountNumber, 'PUT', '/v1/distributionCourses', this.choice);
  }
  toString() {
    return `分配金コース ${this.accountNumber} +${this.minutes}m ${JSON.stringify(this.choice)}`;
  }
}

class MonthlyDeposit extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly deposit: { amount: string; day: number } | 'stop',
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World) {
    if (this.deposit === 'stop') await call(world, model, this.accountNumber, 'DELETE', '/v1/monthlyDeposit');
    else await call(world, model, this.accountNumber, 'PUT', '/v1/monthlyDeposit', this.deposit);
  }
  toString() {
    return `毎月の入金 ${this.accountNumber} +${this.minutes}m ${JSON.stringify(this.deposit)}`;
  }
}

/** Links a card through the card issuer (simulator): authorization code, its MFA, then PUT creditCard. */
class LinkCard extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly card: 'points-card' | 'non-points-card',
  ) {
    super(accountNumber, minutes);
  }
  async act(model: LifeModel, world: World) {
    const code = await authorizationCode(world.app, this.card);
    const exchanged = await call(
      world,
      model,
      this.accountNumber,
      'POST',
      '/v1/cashflows/saisonConnect/authorizationToken',
      { code, redirectUri: authorizeRedirectUri(world.app) },
    );
    if (exchanged.statusCode !== 200) return;
    const { onetimeToken } = exchanged.json<{ onetimeToken: string }>();
    await answerMfa(world.app, onetimeToken, 'success');
    await call(world, model, this.accountNumber, 'PUT', '/v1/cashflows/creditCard', { onetimeToken });
  }
  toString() {
    return `card link ${this.accountNumber} +${this.minutes}m ${this.card}`;
  }
}

/**
 * Outside events: the customer ends the card link at the issuer, registers a bank account for 口座振替 (on
 * paper), closes the bank account at the bank (its debits are refused as 口座解約 from then on) or runs it
 * short (残高不足, switched on and off).
 */
class OutsideEvent extends CustomerCommand {
  constructor(
    accountNumber: string,
    minutes: number,
    readonly event: 'card unlinked' | 'bank account closed' | 'bank account registered' | 'bank short',
  ) {
    super(accountNumber, minutes);
  }
  async act(_model: LifeModel, world: World, customer: CustomerState) {
    const customerId = world.customerIds.get(this.accountNumber)!;
    switch (this.event) {
      case 'card unlinked':
        await world.database.db.delete(linkedCards).where(eq(linkedCards.customerId, customerId));
        return;
      case 'bank account closed':
        world.bankRefusals.set(this.accountNumber, '口座解約');
        return;
      case 'bank account registered':
        await registerBankAccount(world.database, customerId);
        customer.bankAccount = true;
        world.bankRefusals.delete(this.accountNumber);
        return;
      case 'bank short':
        if (world.bankRefusals.has(this.accountNumber)) world.bankRefusals.delete(this.accountNumber);
        else world.bankRefusals.set(this.accountNumber, '残高不足');
        return;
    }
  }
  toString() {
    return `${this.event} ${this.accountNumber} +${this.minutes}m`;
  }
}

/** Sends the last keyed call again with its key: the same answer, nothing placed twice. */
class Retry implements Command {
  check(model: Readonly<LifeModel>) {
    return model.lastWrite !== undefined;
  }
  async run(model: LifeModel, world: World) {
    const last = model.lastWrite!;
    model.calls += 1;
    const response = await send(world.app, world.tokens.get(last.accountNumber)!, last.method, last.url, {
      ...(last.body === undefined ? {} : { body: last.body }),
      idempotencyKey: last.key,
    });
    const sameAnswer =
      response.statusCode === last.status && (last.status >= 300 || response.body === last.response);
    // a refusal may be decided again (the state moved on), but a success is replayed exactly
    if (last.status < 300 && !sameAnswer) {
      throw new UnexpectedAnswer(
        `retry of ${last.method} ${last.url} with key ${last.key}: ${last.status} then ${response.statusCode}\n${last.response.slice(0, 300)}\n${response.body.slice(0, 300)}`,
      );
    }
  }
  toString() {
    return 'retry the last keyed call';
  }
}

/**
 * Runs the nightly batch of the current date and of the next `days − 1` dates, checking the invariants
 * after each; the next customer action happens on the morning after.
 */
export async function runNights(model: LifeModel, world: World, days: number): Promise<void> {
  for (let day = 0; day < days; day += 1) {
    const [year, month, date] = model.date.split('-').map(Number) as [number, number, number];
    world.clock.instant = jstInstant(year, month, date, 23, 30);
    await runBusinessDay(world.database, model.date, batchOptions(world));
    const withoutBank = [...model.customers.entries()]
      .filter(([, state]) => !state.bankAccount)
      .map(([accountNumber]) => world.customerIds.get(accountNumber)!);
    await checkDay(world.database, model.date, [...world.customerIds.values()], withoutBank);
    model.days += 1;
    model.date = addCalendarDays(model.date, 1);
    model.minute = 0;
    world.clock.instant = instantOf(model);
  }
}

class BusinessDays implements Command {
  constructor(readonly days: number) {}
  check() {
    return true;
  }
  run(model: LifeModel, world: World) {
    return runNights(model, world, this.days);
  }
  toString() {
    return `batch ×${this.days} day(s)`;
  }
}

export function batchOptions(world: World): DailyBatchOptions {
  return {
    demoPrices: false,
    debitFailureRule: (customer) => world.bankRefusals.get(customer.accountNumber),
    purchaseLagBusinessDays: 2,
    // two claim loops on PostgreSQL, as a night with several workers runs (PGlite always runs one)
    workers: 2,
    now: world.clock.now,
  };
}

const [buy, sell, cancel, createPlan, ...others] = [
  customerArb
    .chain((who) =>
      fc.record({
        who: fc.constant(who),
        minutes: minutesArb,
        fundCode: fundArb,
        accountType: accountOf(who),
        byUnits: fc.boolean(),
        amount: yenArb,
        units: unitsArb,
        points: pointsArb,
        course: fc.constantFrom(undefined, 'RECEIVE', 'REINVEST'),
      }),
    )
    .map(
      (c) =>
        new PlaceOrder(c.who, c.minutes, 'buy', {
          fundCode: c.fundCode,
          accountType: c.accountType,
          ...(c.byUnits
            ? { orderType: 'QUANTITY', units: String(c.units) }
            : {
                orderType: 'AMOUNT',
                amount: String(c.amount),
                ...(c.points === 0 ? {} : { points: String(c.points) }),
              }),
          ...(c.course === undefined ? {} : { distributionCourse: c.course }),
        }),
    ),
  customerArb
    .chain((who) =>
      fc.record({
        who: fc.constant(who),
        minutes: minutesArb,
        fundCode: fundArb,
        accountType: accountOf(who),
        kind: fc.constantFrom('AMOUNT', 'QUANTITY', 'ALL'),
        amount: yenArb,
        units: unitsArb,
      }),
    )
    .map(
      (c) =>
        new PlaceOrder(c.who, c.minutes, 'sell', {
          fundCode: c.fundCode,
          accountType: c.accountType,
          orderType: c.kind,
          ...(c.kind === 'AMOUNT' ? { amount: String(c.amount) } : {}),
          ...(c.kind === 'QUANTITY' ? { units: String(c.units) } : {}),
        }),
    ),
  fc
    .record({ who: customerArb, minutes: minutesArb, pick: fc.nat(20) })
    .map((c) => new Cancel(c.who, c.minutes, c.pick)),
  customerArb
    .chain((who) =>
      fc.record({
        who: fc.constant(who),
        minutes: minutesArb,
        fundCode: fundArb,
        accountType: accountOf(who),
        amount: planYenArb,
        paymentMethod: fc.constantFrom('ACCOUNT_TRANSFER', 'CREDIT_CARD'),
        bonus: fc.boolean(),
      }),
    )
    .map(
      (c) =>
        new CreatePlan(c.who, c.minutes, {
          fundCode: c.fundCode,
          accountType: c.accountType,
          amount: String(c.amount),
          paymentMethod: c.paymentMethod,
          ...(c.bonus ? { bonus: { months: [6, 12], amount: '10000' } } : {}),
        }),
    ),
  fc
    .record({
      who: customerArb,
      minutes: minutesArb,
      pick: fc.nat(5),
      change: fc.oneof(
        planYenArb.map((amount) => ({ amount: String(amount) })),
        fc.constantFrom('ACCOUNT_TRANSFER', 'CREDIT_CARD').map((paymentMethod) => ({ paymentMethod })),
      ),
    })
    .map((c) => new ChangePlan(c.who, c.minutes, c.pick, c.change)),
  fc
    .record({
      who: customerArb,
      minutes: minutesArb,
      pick: fc.nat(5),
      action: fc.constantFrom('suspend' as const, 'resume' as const, 'cancel' as const),
    })
    .map((c) => new PlanStatus(c.who, c.minutes, c.pick, c.action)),
  fc
    .record({
      who: customerArb,
      minutes: minutesArb,
      fundCode: fundArb,
      type: fc.constantFrom('AMOUNT', 'QUANTITY', 'RATE'),
      value: fc.constantFrom(10, 50, 10_000, 30_000),
      frequency: fc.constantFrom('MONTHLY', 'ODD_MONTHLY'),
    })
    .map(
      (c) =>
        new CreateScheduledSell(c.who, c.minutes, {
          fundCode: c.fundCode,
          type: c.type,
          value: String(c.value),
          frequency: c.frequency,
        }),
    ),
  fc
    .record({
      who: customerArb,
      minutes: minutesArb,
      deposit: fc.oneof(
        fc.constant('stop' as const),
        fc.record({
          amount: fc.constantFrom('10000', '30000', '999'),
          day: fc.integer({ min: 1, max: 28 }),
        }),
      ),
    })
    .map((c) => new MonthlyDeposit(c.who, c.minutes, c.deposit)),
  customerArb
    .chain((who) =>
      fc.record({
        who: fc.constant(who),
        minutes: minutesArb,
        fundCode: fundArb,
        accountType: accountOf(who),
        course: fc.constantFrom('RECEIVE' as const, 'REINVEST' as const),
      }),
    )
    .map(
      (c) =>
        new ChooseDistributionCourse(c.who, c.minutes, {
          fundCode: c.fundCode,
          accountType: c.accountType,
          course: c.course,
        }),
    ),
  fc
    .record({
      who: customerArb,
      minutes: minutesArb,
      card: fc.constantFrom('points-card' as const, 'non-points-card' as const),
    })
    .map((c) => new LinkCard(c.who, c.minutes, c.card)),
  fc
    .record({
      who: customerArb,
      minutes: minutesArb,
      event: fc.constantFrom(
        'card unlinked' as const,
        'bank account closed' as const,
        'bank account registered' as const,
        'bank short' as const,
      ),
    })
    .map((c) => new OutsideEvent(c.who, c.minutes, c.event)),
  fc.constant(new Retry()),
  // one to a week of nights, so a run meets 約定, 受渡, the 27th debits and the new year
  fc.integer({ min: 1, max: 7 }).map((days) => new BusinessDays(days)),
  fc.integer({ min: 1, max: 7 }).map((days) => new BusinessDays(days)),
  fc.integer({ min: 1, max: 7 }).map((days) => new BusinessDays(days)),
];

/** The commands, weighted as life is: many orders and nights, fewer plan changes and outside events. */
export const lifeCommands = [buy, buy, buy, buy, sell, sell, sell, cancel, createPlan, createPlan, ...others];
