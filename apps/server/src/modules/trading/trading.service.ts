import {
  ordersPageSize,
  TradingErrorCode,
  type BuyOrderRequest,
  type OrderEstimate,
  type OrderEstimateRequest,
  type OrderResponse,
  type OrdersResponse,
  type SellOrderRequest,
} from '@fund/contracts';
import type { Database, DatabaseExecutor, Order, Transaction } from '@fund/db';
import {
  capitalGainsTreatment,
  realisedGain,
  withholdingForSale,
  yearOf,
  type IsoDate,
  type Units,
  type Yen,
} from '@fund/domain';
import { ConflictError, NotFoundError } from '../../errors/app-error.ts';
import { reinvestmentNotOffered } from '../../errors/reinvestment-not-offered.ts';
import {
  answerOfStored,
  runIdempotent,
  runWithKeyRetry,
  sqlStateOf,
  type IdempotentAnswer,
  type StoredAnswer,
} from '../../idempotency/idempotency.ts';
import { buyHoldsCustomerLock, placeBuy, placeTaxableBuy, type BuyPlacement } from './buy-placement.ts';
import { cancelOrder } from './order-cancellation.ts';
import { placeSell, planSellOrder } from './sell-placement.ts';
import { planBuyOrder } from './buy-plan.ts';
import {
  type PlaceBuyOrderInput,
  type OrderRequestRecord,
  type PlaceSellOrderInput,
} from './order-placement.ts';
import { findOwnOrder, pageOfOrders, yearlyTaxStateOf } from './trading.repository.ts';
import { orderViews, toOrderView } from './order-views.ts';
import { TradingError, tradingMessages as messages } from './trading-errors.ts';
import { uuidPattern } from '../../shared/uuid.ts';
import { chooseDistributionCourse, fundCourseOffer } from '../../shared/distribution-courses.repository.ts';

/** Who is calling and when, for every write. */
export interface CallContext {
  readonly customerId: string;
  readonly now: Date;
  readonly idempotencyKey: string;
  readonly requestHash: string;
  readonly requestId: string;
  readonly ip: string;
}

/** Orders API keys live in their own namespace of `orders.idempotency_key`, apart from the batch's keys. */
export function orderKeyOf(idempotencyKey: string): string {
  return `api:${idempotencyKey}`;
}

/** Money and units arrive as safe-integer JSON numbers or decimal strings (contract); `0`/absent → 0. */
function whole(value: number | string | undefined): bigint | undefined {
  return value === undefined ? undefined : BigInt(value);
}

/** Constraint violations that a concurrent request can still cause after the checks: answered as refusals. */
function mapConstraintError(error: unknown): unknown {
  const state = sqlStateOf(error);
  if (state === undefined) return error;
  if (state.code === '23505' && state.constraint === 'orders_customer_id_idempotency_key_unique') {
    return new ConflictError();
  }
  if (state.code === '23514') {
    switch (state.constraint) {
      case 'customer_balances_not_negative':
        return new TradingError(
          TradingErrorCode.insufficientCash,
          messages.insufficientCash,
          'insufficient-cash',
        );
      case 'holdings_reserved_within_units':
        return new TradingError(
          TradingErrorCode.insufficientUnits,
          messages.insufficientUnits,
          'insufficient-units',
        );
      case 'point_balances_not_negative':
        return new TradingError(
          TradingErrorCode.pointsExceedBalance,
          messages.pointsExceedBalance,
          'exceeds-balance',
        );
      case 'nisa_usage_annual_limit':
        return new TradingError(
          TradingErrorCode.nisaAnnualLimit,
          'NISAの年間投資枠を超えるためご注文いただけません。',
          'annual-limit',
        );
      default:
        return error;
    }
  }
  return error;
}

/** What a placement through the API takes from the call itself. */
function callFields(context: CallContext) {
  return {
    customerId: context.customerId,
    idempotencyKey: orderKeyOf(context.idempotencyKey),
    now: context.now,
    requestId: context.requestId,
    ip: context.ip,
  };
}

/** The amount or units a request names, as whole numbers (absent when not given). */
function quantitiesOf(body: { readonly amount?: number | string; readonly units?: number | string }) {
  return {
    ...(body.amount === undefined ? {} : { amount: whole(body.amount)! }),
    ...(body.units === undefined ? {} : { units: whole(body.units)! }),
  };
}

/** The call's idempotency record with the answer a placement stores: 201 and the order as shown. */
function requestRecordOf(context: CallContext): OrderRequestRecord {
  return {
    key: context.idempotencyKey,
    requestHash: context.requestHash,
    answer: (order, shown) => ({
      status: 201,
      body: {
        order: toOrderView(order, shown.fund, shown.heldAmount, context.now),
      } satisfies OrderResponse,
    }),
  };
}

/** The orders API for the signed-in customer; nothing here takes a customer id from the request. */
export class TradingService {
  constructor(private readonly db: Database) {}

  async #answer(tx: Database | Transaction, order: Order, now: Date, status: number) {
    const [view] = await orderViews(tx, [order], now);
    return { status, body: { order: view! } satisfies OrderResponse };
  }

  /** The answer of a placement: the one it stored, or the earlier request's replayed. */
  async #placedAnswer(
    executor: Database | Transaction,
    placement:
      | { readonly order: Order; readonly answer: { status: number; body: unknown } | null }
      | { readonly earlier: StoredAnswer },
    context: CallContext,
  ): Promise<IdempotentAnswer<OrderResponse>> {
    if ('earlier' in placement) return answerOfStored(placement.earlier, context.requestHash);
    const { status, body } =
      placement.answer ?? (await this.#answer(executor, placement.order, context.now, 201));
    return { status, body: body as OrderResponse, replayed: false };
  }

  async buy(context: CallContext, body: BuyOrderRequest): Promise<IdempotentAnswer<OrderResponse>> {
    const input: PlaceBuyOrderInput = {
      ...callFields(context),
      fundCode: body.fundCode,
      accountType: body.accountType,
      orderType: body.orderType,
      ...(body.orderType === 'AMOUNT' ? { amount: whole(body.amount)! } : { units: whole(body.units)! }),
      channel: 'BUY',
      paymentMethod: body.paymentMethod ?? 'ACCOUNT_TRANSFER',
      points: whole(body.points) ?? 0n,
    };
    const record = requestRecordOf(context);
    const course = body.distributionCourse;
    const fund = course === undefined ? undefined : await fundCourseOffer(this.db, body.fundCode);
    if (course === 'REINVEST' && fund?.reinvestmentOffered === false) {
      throw reinvestmentNotOffered();
    }
    // the course chosen with the buy is the holding's from now on (a replayed answer chose it already)
    const chooseCourse = async (executor: DatabaseExecutor, placement: BuyPlacement) => {
      if (course !== undefined && fund !== undefined && !('earlier' in placement)) {
        await chooseDistributionCourse(
          executor,
          { customerId: context.customerId, accountType: body.accountType, fundId: fund.id },
          course,
        );
      }
      return placement;
    };
    // a NISA buy holds its customer's lock in a transaction; a taxable one shares its statements
    return runWithKeyRetry(
      () =>
        buyHoldsCustomerLock(body.accountType)
          ? this.db.transaction(async (tx) =>
              this.#placedAnswer(tx, await chooseCourse(tx, await placeBuy(tx, input, record)), context),
            )
          : placeTaxableBuy(this.db, input, record).then(async (placement) =>
              this.#placedAnswer(this.db, await chooseCourse(this.db, placement), context),
            ),
      mapConstraintError,
    );
  }

  async sell(context: CallContext, body: SellOrderRequest): Promise<IdempotentAnswer<OrderResponse>> {
    const input: PlaceSellOrderInput = {
      ...callFields(context),
      fundCode: body.fundCode,
      accountType: body.accountType,
      orderType: body.orderType,
      ...quantitiesOf(body),
      channel: 'SELL',
    };
    return runWithKeyRetry(
      () =>
        this.db.transaction(async (tx) =>
          this.#placedAnswer(tx, await placeSell(tx, input, requestRecordOf(context)), context),
        ),
      mapConstraintError,
    );
  }

  async cancel(context: CallContext, orderId: string): Promise<IdempotentAnswer<OrderResponse>> {
    if (!uuidPattern.test(orderId)) throw new NotFoundError(messages.orderNotFound);
    return runIdempotent(
      this.db,
      { customerId: context.customerId, key: context.idempotencyKey, requestHash: context.requestHash },
      async (tx) => {
        const order = await cancelOrder(tx, {
          customerId: context.customerId,
          orderId,
          now: context.now,
          requestId: context.requestId,
          ip: context.ip,
        });
        return this.#answer(tx, order, context.now, 200);
      },
      mapConstraintError,
    );
  }

  async estimate(customerId: string, now: Date, body: OrderEstimateRequest): Promise<OrderEstimate> {
    return this.db.transaction(async (tx) => {
      if (body.side === 'BUY') {
        const plan = await planBuyOrder(
          tx,
          {
            customerId,
            fundCode: body.fundCode,
            accountType: body.accountType,
            orderType: body.orderType,
            ...quantitiesOf(body),
            channel: 'BUY',
            paymentMethod: body.paymentMethod ?? 'ACCOUNT_TRANSFER',
            points: whole(body.points) ?? 0n,
            now,
          },
          false,
        );
        return {
          side: 'BUY',
          fundCode: body.fundCode,
          accountType: body.accountType,
          orderType: body.orderType,
          estimated: true,
          priceDate: plan.nav.navDate,
          pricePer10k: plan.nav.nav.toString(),
          units: plan.estimatedUnits.toString(),
          amount: plan.amount.toString(),
          points: plan.points.toString(),
          pointsValue: plan.pointsValue.toString(),
          cashAmount: plan.cashAmount.toString(),
          estimatedTax: '0',
          estimatedNetProceeds: null,
          dates: { ...plan.dates, cancelDeadline: plan.dates.cancelDeadline.toISOString() },
          nisa:
            plan.nisa === null
              ? null
              : {
                  bucket: plan.nisa.bucket,
                  year: plan.nisa.year,
                  amount: plan.nisa.amount.toString(),
                  annualRoomAfter: plan.nisa.annualRoomAfter.toString(),
                  growthLifetimeRoomAfter: plan.nisa.growthLifetimeRoomAfter.toString(),
                  lifetimeRoomAfter: plan.nisa.lifetimeRoomAfter.toString(),
                },
          prospectusConfirmed: plan.prospectusConfirmed,
        };
      }
      const plan = await planSellOrder(
        tx,
        {
          customerId,
          fundCode: body.fundCode,
          accountType: body.accountType,
          orderType: body.orderType,
          ...quantitiesOf(body),
          channel: 'SELL',
          now,
        },
        false,
      );
      let tax = 0n;
      if (capitalGainsTreatment(body.accountType) === 'withholding') {
        const year = yearOf(plan.dates.settlementDate as IsoDate);
        const state = await yearlyTaxStateOf(tx, customerId, year);
        const gain = realisedGain(
          plan.units as Units,
          plan.grossProceeds,
          plan.holding.costBasisPer10k as Yen,
        );
        tax = withholdingForSale({
          yearToDateNetGain: (state?.netGain ?? 0n) as Yen,
          yearToDateWithheld: {
            incomeTax: (state?.incomeTaxWithheld ?? 0n) as Yen,
            residentTax: (state?.residentTaxWithheld ?? 0n) as Yen,
          },
          saleGain: gain.gain,
        }).total;
      }
      return {
        side: 'SELL',
        fundCode: body.fundCode,
        accountType: body.accountType,
        orderType: body.orderType,
        estimated: true,
        priceDate: plan.price.navDate,
        pricePer10k: plan.price.cancellationPrice.toString(),
        units: plan.units.toString(),
        amount: plan.grossProceeds.toString(),
        points: '0',
        pointsValue: '0',
        cashAmount: '0',
        estimatedTax: tax.toString(),
        estimatedNetProceeds: (plan.grossProceeds - tax).toString(),
        dates: { ...plan.dates, cancelDeadline: plan.dates.cancelDeadline.toISOString() },
        nisa: null,
        prospectusConfirmed: true,
      };
    });
  }

  async list(
    customerId: string,
    now: Date,
    query: { status?: Order['status'] | undefined; page: number },
  ): Promise<OrdersResponse> {
    const { rows, total } = await pageOfOrders(this.db, customerId, {
      status: query.status,
      page: query.page,
      pageSize: ordersPageSize,
    });
    return {
      orders: await orderViews(this.db, rows, now),
      page: query.page,
      pageSize: ordersPageSize,
      total,
    };
  }

  async detail(customerId: string, now: Date, orderId: string): Promise<OrderResponse> {
    if (!uuidPattern.test(orderId)) throw new NotFoundError(messages.orderNotFound);
    const row = await findOwnOrder(this.db, customerId, orderId);
    // another customer's order is answered exactly like a missing one (security.md 23)
    if (row === undefined) throw new NotFoundError(messages.orderNotFound);
    const [view] = await orderViews(this.db, [row], now);
    return { order: view! };
  }
}
