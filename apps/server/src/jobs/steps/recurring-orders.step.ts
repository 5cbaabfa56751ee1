import {
  allocateRecurringPurchases,
  emptyNisaUsage,
  orderDatesFor,
  paymentStatusMachine,
  transferPurchaseOrderDate,
  yearMonthOf,
  type AccountType,
  type IsoDate,
  type NisaInvestor,
  type RecurringDestination,
  type Yen,
  type YearMonth,
} from '@fund/domain';
import {
  credit,
  customerAccounts,
  customers,
  debit,
  funds,
  orders,
  postJournalEntry,
  recurringDebits,
  recurringPurchases,
  type Transaction,
} from '@fund/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../errors/app-error.ts';
import { placeBuyOrder } from '../../modules/trading/order-placement.ts';
import { nisaUsageOf, tradingCalendarOf } from '../../modules/trading/trading.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import {
  batchOrderInstant,
  firstDayOf,
  formatJapaneseDate,
  formatYen,
  monthKey,
  postNotice,
  previousYearMonth,
} from '../batch-data.ts';

/** The months whose recurring purchase orders are placed on `date` (debit date + `lag` business days). */
export function purchaseMonthsOn(date: IsoDate, lag: number): YearMonth[] {
  const thisMonth = yearMonthOf(date);
  return [previousYearMonth(previousYearMonth(thisMonth)), previousYearMonth(thisMonth), thisMonth].filter(
    (month) => transferPurchaseOrderDate(month, lag) === date,
  );
}

const nisaAccountTypes: readonly AccountType[] = ['nisa2_tsumitate', 'nisa2_growth'];

function destinationOf(accountType: AccountType): RecurringDestination {
  if (accountType === 'nisa2_tsumitate') return 'tsumitate';
  if (accountType === 'nisa2_growth') return 'growth';
  return 'taxable';
}

/**
 * b (second half). The purchase orders of a month's received debits, `lag` business days after the debit
 * date (`transferPurchaseOrderDate`; BATCH_PURCHASE_LAG_DAYS, default 2). One item per customer and month,
 * `<customer id>:<yyyy-mm>`: the customer's plans are placed larger amounts first, each seeing the NISA
 * room the previous ones left, and a plan on つみたて投資枠 that no longer fits goes whole to 成長投資枠,
 * else to the taxable account (`allocateRecurringPurchases`). Orders go through `placeBuyOrder` (channel
 * TSUMITATE, key `tsumitate:<plan id>:<yyyy-mm>`, placed as of 09:00 JST of the date), so a rerun finds
 * them. A plan the order placement refuses (fund closed, account closed, …) gets its money back in the
 * cash balance (customer_unsettled / customer_cash), its debit marked FAILURE, and a notice.
 */
export function recurringOrdersStep(options: { lagBusinessDays: number }): BatchStep {
  return {
    name: 'recurring-orders',
    async enumerate(db, { businessDate }) {
      const items: string[] = [];
      for (const month of purchaseMonthsOn(businessDate, options.lagBusinessDays)) {
        const rows = await db
          .selectDistinct({ customerId: recurringPurchases.customerId })
          .from(recurringDebits)
          .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
          .where(
            and(eq(recurringDebits.month, firstDayOf(month)), eq(recurringDebits.paymentStatus, 'RECEIVED')),
          );
        items.push(...rows.map((row) => `${row.customerId}:${monthKey(month)}`));
      }
      return items;
    },
    async process(tx, itemId, { businessDate, now }) {
      const [customerId = '', monthText = ''] = itemId.split(':');
      const month: YearMonth = { year: Number(monthText.slice(0, 4)), month: Number(monthText.slice(5, 7)) };
      const placedAt = batchOrderInstant(businessDate);
      const pending = await tx
        .select({ debit: recurringDebits, plan: recurringPurchases, fund: funds })
        .from(recurringDebits)
        .innerJoin(recurringPurchases, eq(recurringPurchases.id, recurringDebits.recurringPurchaseId))
        .innerJoin(funds, eq(funds.id, recurringPurchases.fundId))
        .leftJoin(orders, eq(orders.recurringDebitId, recurringDebits.id))
        .where(
          and(
            eq(recurringPurchases.customerId, customerId),
            eq(recurringDebits.month, firstDayOf(month)),
            eq(recurringDebits.paymentStatus, 'RECEIVED'),
            isNull(orders.id),
          ),
        )
        .orderBy(sql`${recurringDebits.amount} DESC`, recurringPurchases.id);
      if (pending.length === 0) return 'nothing-to-place';
      const investor = await investorOf(tx, customerId);
      const accountTypes = new Set(
        (
          await tx
            .select({ accountType: customerAccounts.accountType })
            .from(customerAccounts)
            .where(and(eq(customerAccounts.customerId, customerId), isNull(customerAccounts.closedOn)))
        ).map((row) => row.accountType),
      );
      const taxableAccount: AccountType = accountTypes.has('specific') ? 'specific' : 'general';
      let usage = investor === undefined ? emptyNisaUsage : await nisaUsageOf(tx, customerId);
      let placed = 0;
      let refused = 0;
      for (const { debit: paid, plan, fund } of pending) {
        const calendar = await tradingCalendarOf(tx, fund, businessDate);
        const { settlementDate } = orderDatesFor(placedAt, 'BUY', calendar);
        let accountType: AccountType = plan.accountType;
        if (nisaAccountTypes.includes(plan.accountType)) {
          const allocation = investor
            ? allocateRecurringPurchases(
                investor,
                [
                  {
                    planId: plan.id,
                    amount: paid.amount as Yen,
                    destination: destinationOf(plan.accountType),
                    fundTsumitateEligible: fund.tsumitateEligible,
                  },
                ],
                usage,
                settlementDate,
              )
            : undefined;
          const destination = allocation?.allocations[0]?.destination ?? 'taxable';
          if (allocation !== undefined) usage = allocation.usage;
          accountType =
            destination === 'tsumitate'
              ? 'nisa2_tsumitate'
              : destination === 'growth'
                ? 'nisa2_growth'
                : taxableAccount;
          if (!accountTypes.has(accountType)) accountType = taxableAccount;
        }
        try {
          await tx.transaction((savepoint) =>
            placeBuyOrder(savepoint, {
              customerId,
              fundCode: fund.code,
              accountType,
              orderType: 'AMOUNT',
              amount: paid.amount,
              channel: 'TSUMITATE',
              recurringPurchaseId: plan.id,
              recurringDebitId: paid.id,
              paymentMethod: plan.paymentMethod,
              idempotencyKey: `tsumitate:${plan.id}:${monthKey(month)}`,
              now: placedAt,
              actorId: 'batch',
            }),
          );
          placed += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused += 1;
          await refundDebit(tx, {
            customerId,
            debitId: paid.id,
            amount: paid.amount,
            reason: error.message,
            businessDate,
            at: now(),
          });
        }
      }
      return refused === 0 ? `placed` : placed === 0 ? 'refused' : 'partly-refused';
    },
  };
}

/** NISA eligibility inputs, or undefined when the customer has no 2024 NISA account here. */
async function investorOf(tx: Transaction, customerId: string): Promise<NisaInvestor | undefined> {
  const [customer] = await tx
    .select({ role: customers.accountRole, birthDate: customers.birthDate })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer === undefined || customer.birthDate === null) return undefined;
  const nisa = await tx
    .select({ accountType: customerAccounts.accountType })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.customerId, customerId),
        isNull(customerAccounts.closedOn),
        sql`${customerAccounts.accountType} IN ('nisa2_tsumitate', 'nisa2_growth')`,
      ),
    );
  return {
    role: customer.role,
    birthDate: customer.birthDate as IsoDate,
    // residence abroad closes the NISA account (account management's business): an open one means resident
    residentOfJapan: true,
    hasNisaAccount: nisa.length > 0,
  };
}

async function refundDebit(
  tx: Transaction,
  refund: {
    customerId: string;
    debitId: string;
    amount: bigint;
    reason: string;
    businessDate: IsoDate;
    at: Date;
  },
): Promise<void> {
  paymentStatusMachine.assertTransition('RECEIVED', 'FAILURE');
  await tx
    .update(recurringDebits)
    .set({ paymentStatus: 'FAILURE', failureReason: `買付不可: ${refund.reason}`.slice(0, 500) })
    .where(eq(recurringDebits.id, refund.debitId));
  await postJournalEntry(tx, {
    kind: 'recurring.refund',
    businessDate: refund.businessDate,
    customerId: refund.customerId,
    description: `積立の買付ができなかった代金をお預り金へ ${refund.debitId}`,
    lines: [
      debit('customer_unsettled', refund.amount, refund.customerId),
      credit('customer_cash', refund.amount, refund.customerId),
    ],
  });
  await postNotice(tx, {
    customerId: refund.customerId,
    category: 'important',
    title: '積立の買付ができませんでした',
    lines: [
      `${formatJapaneseDate(refund.businessDate)}の積立の買付ができませんでした（${refund.reason}）。`,
      `お引落しした ${formatYen(refund.amount)} はお預り金に入金しました。`,
    ],
    at: refund.at,
  });
}
