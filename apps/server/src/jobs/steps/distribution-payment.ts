import {
  applyPrincipalRepayment,
  applyPurchaseToCostBasis,
  distributionPayout,
  nisaBucketOfAccountType,
  reinvestment,
  yearOf,
  type AccountType,
  type DistributionCourse,
  type IsoDate,
  type NavPer10k,
  type Units,
  type Yen,
} from '@fund/domain';
import { credit, debit, postJournalEntry, type JournalLineInput, type Transaction } from '@fund/db';
import { issueDistributionNotice } from '../../modules/documents/distribution-notice.ts';
import { decideBuyNisa } from '../../modules/trading/buy-rules.ts';
import { addNisaPurchase, nisaUsageOf } from '../../modules/trading/trading.repository.ts';
import { formatJapaneseDate, formatUnits, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import {
  chosenCourse,
  declaredDistribution,
  distributionHolder,
  insertDistributionPayment,
  paidAlready,
  unitsOfRecord,
  type DeclaredDistributionRow,
} from './distributions.repository.ts';
import {
  insertCashflow,
  insertTradeWithoutOrder,
  lockHolding,
  lockHoldingCreatingIt,
  updateHolding,
} from './order-settlement.repository.ts';

/** One holding of record of one 決算: the step's item. */
export interface DistributionHolding {
  readonly fundId: string;
  readonly settlementDate: IsoDate;
  readonly customerId: string;
  readonly accountType: AccountType;
}

type Holder = Awaited<ReturnType<typeof distributionHolder>>;

/**
 * Pays one holder one 決算's distribution, in the caller's transaction (distributions.step.ts says what it
 * books). The payment row is written once: a rerun finds it and pays nothing.
 */
export async function payDistribution(
  tx: Transaction,
  key: DistributionHolding,
  { businessDate, at }: { businessDate: IsoDate; at: Date },
): Promise<string> {
  if (await paidAlready(tx, key)) return 'paid-already';
  const declared = await declaredDistribution(tx, key.fundId, key.settlementDate);
  if (declared === undefined) return 'no-distribution';
  const [record] = await unitsOfRecord(tx, key.fundId, key.settlementDate, key);
  if (record === undefined) return 'not-a-holder';
  const holder = await distributionHolder(tx, key.customerId);
  const holding = await lockHolding(tx, key);
  // a holding sold out after the 決算日 keeps no 個別元本: the whole distribution counts as 普通分配金
  const held = holding !== undefined && holding.units > 0n;
  const basisBefore = (held ? holding.costBasisPer10k : 0n) as Yen;
  const exNav = declared.exNav as NavPer10k;
  const payout = distributionPayout(
    {
      units: record.units as Units,
      basisPer10k: basisBefore,
      accountType: key.accountType,
      role: holder.role,
    },
    { per10k: declared.per10k as Yen, exNavPer10k: exNav },
  );
  if (held) {
    const after = applyPrincipalRepayment(
      { units: holding.units as Units, basisPer10k: basisBefore, bookValue: holding.bookValue as Yen },
      { accountType: key.accountType, ...payout },
    );
    await updateHolding(tx, key, { costBasisPer10k: after.basisPer10k, bookValue: after.bookValue });
  }

  const course: DistributionCourse = declared.reinvestmentOffered
    ? ((await chosenCourse(tx, key)) ?? 'REINVEST')
    : 'RECEIVE';
  const bought = course === 'REINVEST' ? reinvestment(payout.net, exNav) : undefined;
  const target =
    bought !== undefined && bought.units > 0n
      ? await reinvestmentAccount(tx, holder, key, declared, bought.amount, businessDate)
      : undefined;
  const reinvested = target === undefined ? undefined : bought!;
  const cashPaid = (payout.net - (reinvested?.amount ?? 0n)) as Yen;
  const tax = payout.tax.incomeTax + payout.tax.residentTax;

  const lines: JournalLineInput[] = [];
  const fromFund = payout.gross - (reinvested?.amount ?? 0n);
  if (fromFund > 0n) lines.push(debit('fund_settlement', fromFund));
  if (tax > 0n) lines.push(credit('tax_withheld', tax));
  if (cashPaid > 0n) lines.push(credit('customer_cash', cashPaid, key.customerId));
  const entryId =
    lines.length >= 2
      ? await postJournalEntry(tx, {
          kind: 'distribution.paid',
          businessDate,
          customerId: key.customerId,
          description: `収益分配金 ${declared.fundName} ${key.settlementDate}決算`,
          lines,
        })
      : null;
  if (cashPaid > 0n && entryId !== null) {
    await insertCashflow(tx, {
      customerId: key.customerId,
      type: 'deposit',
      amount: cashPaid,
      occurredOn: businessDate,
      description:
        reinvested === undefined
          ? `分配金 ${declared.fundName}`
          : `分配金（再投資の端数） ${declared.fundName}`,
      taxWithheld: reinvested === undefined ? tax : 0n,
      journalEntryId: entryId,
    });
  }
  if (reinvested !== undefined && target !== undefined) {
    await addReinvestedUnits(tx, { ...key, accountType: target.accountType }, reinvested, exNav);
    // 取引履歴: a buy with the 決算日 as its 約定日 and the payment date as its 受渡日, and no order
    await insertTradeWithoutOrder(tx, {
      customerId: key.customerId,
      accountType: target.accountType,
      fundId: key.fundId,
      journalEntryId: entryId,
      type: 'FUND',
      side: 'BUY',
      units: reinvested.units,
      pricePer10k: exNav,
      amount: reinvested.amount,
      tradeDate: key.settlementDate,
      settlementDate: businessDate,
    });
  }
  const payment = await insertDistributionPayment(tx, {
    ...key,
    paymentDate: businessDate,
    course,
    units: record.units,
    per10k: declared.per10k,
    exNav,
    basisBeforePer10k: basisBefore,
    basisAfterPer10k: payout.basisAfterPer10k,
    ordinary: payout.ordinary,
    principalRepayment: payout.principalRepayment,
    incomeTax: payout.tax.incomeTax,
    residentTax: payout.tax.residentTax,
    net: payout.net,
    reinvestedAmount: reinvested?.amount ?? 0n,
    reinvestedUnits: reinvested?.units ?? 0n,
    reinvestedAccountType: target?.accountType ?? null,
    cashPaid,
    journalEntryId: entryId,
  });
  // a holding too small for one yen is recorded (a rerun skips it) but told nothing
  if (payout.gross === 0n) return 'nothing-to-pay';
  await issueDistributionNotice(tx, payment, businessDate);
  await postNotice(tx, {
    customerId: key.customerId,
    title: '収益分配金のお知らせ',
    lines: [
      `${declared.fundName}（${formatJapaneseDate(key.settlementDate)}決算）の分配金 ${formatYen(payout.gross)}${tax > 0n ? `（源泉徴収税額 ${formatYen(tax)}）` : ''}をお支払いしました。`,
      reinvested === undefined
        ? `税引後 ${formatYen(payout.net)} をお預り金に入金しました。`
        : `税引後 ${formatYen(payout.net)} のうち ${formatYen(reinvested.amount)} で ${formatUnits(reinvested.units)} を再投資しました${cashPaid > 0n ? `（端数 ${formatYen(cashPaid)} はお預り金に入金）` : ''}。`,
      ...(target?.fellBack === true
        ? [
            `NISA口座の非課税投資枠に空きがないため、再投資分は${target.accountType === 'specific' ? '特定口座' : '一般口座'}で買い付けました。`,
          ]
        : []),
    ],
    at,
  });
  return reinvested === undefined
    ? 'received'
    : target?.fellBack === true
      ? 'reinvested-outside-nisa'
      : 'reinvested';
}

/**
 * Where a reinvestment buys (domain.md §9): the holding's own account; from a NISA bucket only while it
 * has room (the purchase takes it, as any buy), else the specific account, or the general one when the
 * customer has no specific account. The NISA accounts before 2024 take no new purchases. Undefined when
 * the customer has no account that can take it: the distribution is then received in cash.
 */
async function reinvestmentAccount(
  tx: Transaction,
  holder: Holder,
  key: DistributionHolding,
  fund: DeclaredDistributionRow,
  amount: Yen,
  paymentDate: IsoDate,
): Promise<{ accountType: AccountType; fellBack: boolean } | undefined> {
  if (!key.accountType.includes('nisa')) return { accountType: key.accountType, fellBack: false };
  const bucket = nisaBucketOfAccountType(key.accountType);
  if (bucket !== undefined) {
    const decision = decideBuyNisa(
      holder,
      fund,
      // a reinvestment is not a spot buy: つみたて投資枠 takes it as it takes the plan's own purchases
      { bucket, kind: 'RECURRING', amount, settlementDate: paymentDate },
      await nisaUsageOf(tx, key.customerId),
    );
    if (decision.allowed) {
      await addNisaPurchase(tx, key.customerId, yearOf(paymentDate), bucket, amount);
      return { accountType: key.accountType, fellBack: false };
    }
  }
  if (holder.accountTypes.has('specific')) return { accountType: 'specific', fellBack: true };
  if (holder.accountTypes.has('general')) return { accountType: 'general', fellBack: true };
  return undefined;
}

/** The reinvested units join the holding: 簿価 up by their cost, 個別元本 re-averaged at the ex-NAV. */
async function addReinvestedUnits(
  tx: Transaction,
  key: Omit<DistributionHolding, 'settlementDate'>,
  bought: { units: Units; amount: Yen },
  exNav: NavPer10k,
) {
  const holding = await lockHoldingCreatingIt(tx, key);
  if (holding === undefined) throw new Error(`No holding row for ${key.customerId} after creating it`);
  const position = applyPurchaseToCostBasis(
    { units: holding.units as Units, basisPer10k: holding.costBasisPer10k as Yen },
    bought.units,
    exNav,
  );
  await updateHolding(tx, key, {
    units: position.units,
    bookValue: holding.bookValue + bought.amount,
    costBasisPer10k: position.basisPer10k,
  });
}
