import {
  emptyNisaUsage,
  nisaBucketOfAccountType,
  orderDatesFor,
  recordNisaPurchase,
  type AccountType,
  type IsoDate,
  type NavPer10k,
  type NisaInvestor,
  type Yen,
} from '@fund/domain';
import type { Fund, Order, Transaction } from '@fund/db';
import { latestNav, nisaUsageOfRows, tradingCalendarOf } from '../../modules/trading/trading.repository.ts';
import type { StepContext } from '../batch-runner.ts';
import { timeOrderedUuid } from '../time-ordered-uuid.ts';
import { chunkItemsByMonth } from './customer-month-items.ts';
import {
  isMoved,
  postSplitNotice,
  purchaseAccountsOf,
  recurringOrderKey,
} from './recurring-order-account.ts';
import {
  addNisaPurchases,
  readChunkMonth,
  type FundOnDate,
  type NisaAdd,
} from './recurring-orders-chunk.repository.ts';
import { buyOrderRow } from '../../modules/trading/order-placement.ts';
import { buyStandingRefusal, decideBuyNisa, unitsOfAmountBuy } from '../../modules/trading/buy-rules.ts';
import { insertOrders } from '../../modules/trading/orders.repository.ts';
import { batchOrderInstant } from '../batch-data.ts';

/**
 * The set-based path of `recurringOrdersStep` for a chunk of items. It reads the chunk's received debits,
 * customers (locked as `placeBuyOrder` locks them), open accounts and NISA usage in a few statements,
 * computes each fund's order dates once, runs the same domain rules in memory — the step's NISA split
 * (つみたて → 成長 → taxable, one order per account, a notice when split or moved) and every check
 * `placeBuyOrder` makes for each order — and writes the orders and the NISA usage with one
 * multi-row statement each. A customer any of whose plans `placeBuyOrder` would refuse is left to
 * `process`, which refunds exactly as before.
 */
export async function orderChunk(
  tx: Transaction,
  itemIds: readonly string[],
  { businessDate, now }: StepContext,
): Promise<ReadonlyMap<string, string>> {
  const done = new Map<string, string>();
  const placedAt = batchOrderInstant(businessDate);
  const funds = new Map<string, FundOnDate>();
  const fundOnDate = async (fund: Fund): Promise<FundOnDate> => {
    let known = funds.get(fund.id);
    if (known === undefined) {
      const calendar = await tradingCalendarOf(tx, fund, businessDate);
      const nav = await latestNav(tx, fund.id, businessDate);
      known = {
        fund,
        dates: orderDatesFor(placedAt, 'BUY', calendar),
        nav: nav?.nav as NavPer10k | undefined,
      };
      funds.set(fund.id, known);
    }
    return known;
  };
  const rows: Order[] = [];
  const nisaAdds = new Map<string, NisaAdd>();
  const splitNotices: Parameters<typeof postSplitNotice>[1][] = [];

  for (const { month, items } of chunkItemsByMonth(itemIds)) {
    const { pendingOf, customerOf, accountsOf, usageRowsOf } = await readChunkMonth(
      tx,
      items.map((item) => item.customerId),
      month,
    );
    for (const { itemId, customerId } of items) {
      const own = pendingOf.get(customerId) ?? [];
      if (own.length === 0) {
        done.set(itemId, 'nothing-to-place');
        continue;
      }
      const customer = customerOf.get(customerId);
      // placeBuyOrder refuses these: `process` refunds the debit
      if (customer === undefined || customer.equityStatus !== 'OPEN' || customer.locked) continue;
      const accountTypes = accountsOf.get(customerId) ?? new Set<AccountType>();
      const investor: NisaInvestor | undefined =
        customer.birthDate === null
          ? undefined
          : {
              role: customer.role,
              birthDate: customer.birthDate as IsoDate,
              residentOfJapan: true,
              hasNisaAccount: accountTypes.has('nisa2_tsumitate') || accountTypes.has('nisa2_growth'),
            };
      const storedUsage = nisaUsageOfRows(usageRowsOf.get(customerId) ?? []);
      const taxableAccount: AccountType = accountTypes.has('specific') ? 'specific' : 'general';
      // the step's allocation usage, and the stored usage placeBuyOrder reads before each order
      let usage = investor === undefined ? emptyNisaUsage : storedUsage;
      let stored = storedUsage;
      const placed: Order[] = [];
      // this item's NISA purchases, added to the chunk's only when the item is kept (a fallen-back item's
      // never touch another item's, even one of the same customer)
      const adds: NisaAdd[] = [];
      let plain = true;
      const notices: Parameters<typeof postSplitNotice>[1][] = [];
      for (const { debit: paid, plan, fund } of own) {
        const { dates, nav } = await fundOnDate(fund);
        const target = purchaseAccountsOf({
          plan,
          amount: paid.amount as Yen,
          fund,
          investor,
          usage,
          settlementDate: dates.settlementDate,
          accountTypes,
          taxableAccount,
        });
        usage = target.usage;
        for (const [index, part] of target.parts.entries()) {
          const { accountType, amount } = part;
          // every check placeBuyOrder makes for a TSUMITATE AMOUNT order; a refusal goes the per-item way
          const bucket = nisaBucketOfAccountType(accountType) ?? null;
          const units = nav === undefined ? undefined : unitsOfAmountBuy(amount, nav);
          const refused =
            units === undefined ||
            buyStandingRefusal(
              fund,
              dates.applicationDate,
              accountType,
              customer.role,
              accountTypes,
              bucket,
            ) !== undefined;
          if (refused) {
            plain = false;
            break;
          }
          if (bucket !== null) {
            const decision = decideBuyNisa(
              customer,
              fund,
              { bucket, kind: 'RECURRING', amount, settlementDate: dates.settlementDate },
              stored,
            );
            if (!decision.allowed) {
              plain = false;
              break;
            }
            stored = recordNisaPurchase(stored, { bucket, bookValue: amount, year: decision.year });
            adds.push({ customerId, year: decision.year, bucket, amount });
          }
          // the row the orders API writes for the same 積立 (`placeBuyOrder`), its id ordered by time
          placed.push(
            buyOrderRow(
              {
                customerId,
                fundCode: fund.code,
                accountType,
                idempotencyKey: recurringOrderKey(plan.id, month, index, part),
                now: placedAt,
                orderType: 'AMOUNT',
                amount,
                channel: 'TSUMITATE',
                paymentMethod: plan.paymentMethod,
                recurringPurchaseId: plan.id,
                recurringDebitId: paid.id,
              },
              {
                customerId,
                fundId: fund.id,
                amount,
                estimatedUnits: units,
                points: 0n,
                pointsValue: 0n,
                dates,
                nisa: bucket === null ? null : { bucket, amount },
              },
              timeOrderedUuid(),
            ),
          );
        }
        if (!plain) break;
        if (isMoved(plan.accountType, target.parts)) {
          notices.push({
            customerId,
            fundName: fund.name,
            planAccountType: plan.accountType,
            amount: paid.amount,
            parts: target.parts,
            settlementDate: dates.settlementDate,
            at: now(),
          });
        }
      }
      // a refusal: the whole item goes through `process`, none of its orders or NISA purchases kept here
      if (!plain) continue;
      for (const add of adds) {
        const addKey = `${add.customerId} ${add.year} ${add.bucket}`;
        const sum = nisaAdds.get(addKey);
        nisaAdds.set(addKey, { ...add, amount: (sum?.amount ?? 0n) + add.amount });
      }
      rows.push(...placed);
      splitNotices.push(...notices);
      done.set(itemId, 'placed');
    }
  }
  if (rows.length === 0) return done;

  await insertOrders(tx, rows);
  if (nisaAdds.size > 0) await addNisaPurchases(tx, [...nisaAdds.values()]);
  for (const notice of splitNotices) await postSplitNotice(tx, notice);
  return done;
}
