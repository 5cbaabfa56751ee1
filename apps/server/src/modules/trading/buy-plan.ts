// A buy's checks and figures, computed without writing: the estimate and the placement share them (the
// rules are in order-placement.ts's comment).
import { TradingErrorCode } from '@fund/contracts';
import { type DatabaseExecutor, type Transaction } from '@fund/db';
import { pointRefusalError } from '../../errors/card-errors.ts';
import {
  checkPointUse,
  costOfUnits,
  divideCeil,
  jstDateOf,
  pointRefusalOf,
  nisaBucketOfAccountType,
  nisaRoom,
  orderDatesFor,
  type IsoDate,
  type NavPer10k,
  type NisaBucket,
  type OrderDates,
  type Units,
  type Yen,
} from '@fund/domain';
import { buyStandingRefusal, decideBuyNisa, unitsOfAmountBuy } from './buy-rules.ts';
import { readPlacementContextInTransaction, type PlacementContext } from './placement-context.repository.ts';
import { nisaUsageOf, type TradingCustomer } from './trading.repository.ts';
import {
  accountRefusalMessage,
  nisaRefusal,
  TradingError,
  tradingMessages as messages,
} from './trading-errors.ts';
import { type PlaceBuyOrderInput, placementParties, contextRequestOf } from './order-placement.ts';

/** The 10 % margin a QUANTITY buy holds above its estimate (percent of the estimate). */
export const quantityBuyHoldPercent = 110n;

/** Everything a buy would be, computed without writing: shared by the estimate and the placement. */
export interface BuyPlan {
  readonly customer: TradingCustomer;
  readonly fundId: string;
  readonly fundName: string;
  readonly nav: { readonly navDate: IsoDate; readonly nav: NavPer10k };
  readonly dates: OrderDates;
  /** The order amount (AMOUNT) or the estimate ⌈units × NAV ÷ 10,000⌉ (QUANTITY). */
  readonly amount: Yen;
  readonly estimatedUnits: Units;
  /** What the order holds in customer_unsettled (or, TSUMITATE, what was collected). */
  readonly heldAmount: Yen;
  readonly points: bigint;
  readonly pointsValue: Yen;
  /** What the cash balance pays: held amount − points' yen (0 for TSUMITATE). */
  readonly cashAmount: Yen;
  readonly nisa: {
    readonly bucket: NisaBucket;
    readonly year: number;
    readonly amount: Yen;
    readonly annualRoomAfter: Yen;
    readonly growthLifetimeRoomAfter: Yen;
    readonly lifetimeRoomAfter: Yen;
  } | null;
  readonly prospectusConfirmed: boolean;
  /** お預り金 when the plan was made (placement: with the customer locked). */
  readonly cashBalance: Yen;
}

/**
 * Checks a buy and computes its figures. With `lock` the customer row is locked first (placement); the
 * estimate reads without locking.
 */
export async function planBuyOrder(
  tx: Transaction,
  input: Omit<PlaceBuyOrderInput, 'idempotencyKey'>,
  lock: boolean,
): Promise<BuyPlan> {
  return planBuy(tx, input, await readPlacementContextInTransaction(tx, contextRequestOf(input, lock)));
}

export async function planBuy(
  tx: DatabaseExecutor,
  input: Omit<PlaceBuyOrderInput, 'idempotencyKey'>,
  found: PlacementContext | undefined,
): Promise<BuyPlan> {
  const spot = input.channel === 'BUY';
  const { context, customer, fund, nav, calendar } = placementParties(found);
  if (spot && input.paymentMethod === 'CREDIT_CARD') {
    throw new TradingError(TradingErrorCode.creditCardNotAllowed, messages.creditCardNotAllowed);
  }
  const bucket = nisaBucketOfAccountType(input.accountType) ?? null;
  const dates = orderDatesFor(input.now, 'BUY', calendar);
  const standing = buyStandingRefusal(
    fund,
    dates.applicationDate,
    input.accountType,
    customer.role,
    context.openAccountTypes,
    bucket,
  );
  if (standing?.kind === 'fund-not-on-sale') {
    throw new TradingError(TradingErrorCode.fundNotOnSale, messages.fundNotOnSale);
  }
  if (standing?.kind === 'fund-ending') {
    throw new TradingError(
      TradingErrorCode.fundNotOnSale,
      messages.fundEnding(fund.lastOrderDate ?? '', fund.redemptionDate ?? ''),
      'fund-ending',
    );
  }
  if (standing?.kind === 'account-not-allowed') {
    throw new TradingError(
      TradingErrorCode.accountNotAllowed,
      accountRefusalMessage(standing.reason),
      standing.reason,
    );
  }
  if (standing?.kind === 'no-nisa-account') throw nisaRefusal('no-nisa-account');
  if (standing?.kind === 'no-such-account') {
    throw new TradingError(TradingErrorCode.accountNotAllowed, messages.noSuchAccount, 'no-such-account');
  }

  let amount: Yen;
  let heldAmount: Yen;
  let estimatedUnits: Units;
  if (input.orderType === 'AMOUNT') {
    const units = unitsOfAmountBuy(input.amount as Yen | undefined, nav.nav);
    if (input.amount === undefined || units === undefined) {
      throw new TradingError(TradingErrorCode.orderTooSmall, messages.orderTooSmall);
    }
    amount = input.amount as Yen;
    heldAmount = amount;
    estimatedUnits = units;
  } else {
    if (bucket !== null) throw new TradingError(TradingErrorCode.nisaNotAllowed, messages.nisaQuantity);
    if (input.units === undefined || input.units <= 0n) {
      throw new TradingError(TradingErrorCode.orderTooSmall, messages.orderTooSmall);
    }
    estimatedUnits = input.units as Units;
    amount = costOfUnits(estimatedUnits, nav.nav);
    heldAmount = divideCeil(amount * quantityBuyHoldPercent, 100n) as Yen;
  }
  if (estimatedUnits <= 0n) throw new TradingError(TradingErrorCode.orderTooSmall, messages.orderTooSmall);

  // points (spot AMOUNT buys only)
  const points = input.points ?? 0n;
  let pointsValue = 0n as Yen;
  if (points !== 0n) {
    if (!spot) throw new TradingError(TradingErrorCode.invalidPoints, messages.pointsForRecurring);
    if (input.orderType !== 'AMOUNT') {
      throw new TradingError(TradingErrorCode.invalidPoints, messages.pointsForQuantity);
    }
    // points come with a linked points card in good standing, as the point call answers (spec §8)
    const cardRefusal = pointRefusalOf(context.linkedCard, jstDateOf(input.now));
    if (cardRefusal !== undefined) throw pointRefusalError(cardRefusal);
    const check = checkPointUse({
      points,
      purchaseKind: 'SPOT',
      balance: context.pointBalance,
      orderAmount: amount,
    });
    if (!check.ok) {
      const [reason] = check.reasons;
      if (reason === 'exceeds-balance' && check.reasons.length === 1) {
        throw new TradingError(TradingErrorCode.pointsExceedBalance, messages.pointsExceedBalance, reason);
      }
      if (
        reason === 'exceeds-order-amount' ||
        (reason === 'exceeds-balance' && check.reasons.includes('exceeds-order-amount'))
      ) {
        throw new TradingError(
          TradingErrorCode.pointsExceedAmount,
          messages.pointsExceedAmount,
          'exceeds-order-amount',
        );
      }
      throw new TradingError(TradingErrorCode.invalidPoints, messages.pointsBelowMinimum, reason);
    }
    pointsValue = check.pointsValue;
  }
  const cashAmount = spot ? ((heldAmount - pointsValue) as Yen) : (0n as Yen);

  // NISA
  let nisa: BuyPlan['nisa'] = null;
  if (bucket !== null) {
    const usage = await nisaUsageOf(tx, customer.id);
    const decision = decideBuyNisa(
      customer,
      fund,
      { bucket, kind: spot ? 'SPOT' : 'RECURRING', amount, settlementDate: dates.settlementDate },
      usage,
    );
    if (!decision.allowed) throw nisaRefusal(decision.reason, decision.room);
    const room = nisaRoom(usage, decision.year);
    nisa = {
      bucket,
      year: decision.year,
      amount,
      annualRoomAfter: ((bucket === 'growth' ? room.growthAnnual : room.tsumitateAnnual) - amount) as Yen,
      growthLifetimeRoomAfter: (bucket === 'growth'
        ? room.growthLifetime - amount
        : room.growthLifetime) as Yen,
      lifetimeRoomAfter: (room.lifetime - amount) as Yen,
    };
  }

  // prospectus (spot buys)
  const prospectusConfirmed = context.prospectus?.confirmed === true;

  return {
    customer,
    fundId: fund.id,
    fundName: fund.name,
    nav,
    dates,
    amount,
    estimatedUnits,
    heldAmount,
    points,
    pointsValue,
    cashAmount,
    nisa,
    prospectusConfirmed,
    cashBalance: context.cashBalance as Yen,
  };
}
