import { isoDate } from '@fund/domain';
import { mainDemoAccountNumber } from '@fund/db';
import type { CustomerScript, ScriptedEvent } from './demo-customer-script.ts';
import type { HistoryEngine } from './demo-history-engine.ts';

/**
 * The demo customers' pasts (domain.md §8, issue 5): what each one did, by date. Dates and funds were
 * picked against the deterministic demo NAVs (packages/db/src/seed/demo-prices.ts), so the gains and the
 * loss below are what the real prices give. Everything dated on or after "today" is left out, so the
 * history always ends the day before the seed's date; plans continue month by month up to it.
 */

const main = mainDemoAccountNumber;

function on(date: string, run: (engine: HistoryEngine) => Promise<unknown>): ScriptedEvent {
  return { date: isoDate(date), run };
}

export const demoHistoryScripts: readonly CustomerScript[] = [
  {
    // 青木 健太 (ADULT): NISA in 2024, 2025 and this year, taxable sales with tax withheld and refunded, and
    // every kind of plan
    accountNumber: main,
    recurringPurchases: [
      // つみたて投資枠 since the first month of the 2024 NISA, every month
      {
        fundCode: 'DEMOF001',
        accountType: 'nisa2_tsumitate',
        amount: 30_000n,
        paymentMethod: 'ACCOUNT_TRANSFER',
        startMonth: '2024-01',
      },
      // 成長投資枠 by credit card (≤ 100,000 yen a month)
      {
        fundCode: 'DEMOF004',
        accountType: 'nisa2_growth',
        amount: 20_000n,
        paymentMethod: 'CREDIT_CARD',
        startMonth: '2025-07',
      },
      // 特定口座 by 口座振替; its latest debit failed (残高不足): still ACTIVE, 1 failure in a row
      {
        fundCode: 'DEMOF003',
        accountType: 'specific',
        amount: 10_000n,
        paymentMethod: 'ACCOUNT_TRANSFER',
        startMonth: '2026-04',
        failsLatestDebit: true,
      },
    ],
    // 定期売却 of the specific DEMOF001 holding: 30,000 yen in odd months since September 2025
    scheduledSells: [
      {
        fundCode: 'DEMOF001',
        type: 'AMOUNT',
        value: 30_000n,
        frequency: 'ODD_MONTHLY',
        startMonth: '2025-09',
      },
    ],
    monthlyDeposit: { amount: 30_000n, day: 10, startMonth: '2025-01' },
    events: [
      on('2024-01-05', (engine) => engine.deposit(main, 3_000_000n)),
      // 成長投資枠 spot buys in 2024
      on('2024-02-13', (engine) => engine.buy(main, 'DEMOF003', 'nisa2_growth', 300_000n)),
      on('2024-06-11', (engine) => engine.buy(main, 'DEMOF004', 'nisa2_growth', 400_000n)),
      // 特定口座: DEMOF003 (sold entirely in 2025 with a gain) and DEMOF001 (the 定期売却's holding)
      on('2024-03-05', (engine) => engine.buy(main, 'DEMOF003', 'specific', 500_000n)),
      on('2024-04-09', (engine) => engine.buy(main, 'DEMOF001', 'specific', 1_000_000n)),
      // 成長投資枠 spot buys in 2025
      on('2025-02-12', (engine) => engine.buy(main, 'DEMOF001', 'nisa2_growth', 300_000n)),
      on('2025-06-10', (engine) => engine.buy(main, 'DEMOF003', 'nisa2_growth', 200_000n)),
      // a loss-making specific holding: bought in May, sold in September 2025 (tax refunded)
      on('2025-05-13', (engine) => engine.buy(main, 'DEMOF005', 'specific', 200_000n)),
      // the gain: all of the 2024 DEMOF003 specific holding (NAV ~31,500 → ~44,000), tax withheld
      on('2025-07-08', (engine) => engine.sell(main, 'DEMOF003', 'specific', { all: true })),
      on('2025-09-09', (engine) => engine.sell(main, 'DEMOF005', 'specific', { all: true })),
      // a NISA sale: half of the DEMOF004 growth units; its 簿価 frees lifetime room from 2026
      on('2025-10-14', (engine) => engine.sell(main, 'DEMOF004', 'nisa2_growth', { percentOfUnits: 50n })),
      // this year: a growth buy and an order cancelled before the cut-off
      on('2026-02-10', (engine) => engine.buy(main, 'DEMOF003', 'nisa2_growth', 300_000n)),
      on('2026-06-09', (engine) => engine.buyAndCancel(main, 'DEMOF003', 'specific', 100_000n)),
      // a fund's life (domain.md §9): the yearly fund in NISA 成長 with 再投資 (its 2025-12 分配金 bought
      // units in NISA), the fund whose 繰上償還 is announced (bought low: the 償還 pays a gain), and the
      // monthly fund in the specific account with 受取 (six 分配金 so far; the July one partly 元本払戻金)
      on('2025-03-03', (engine) => engine.deposit(main, 1_000_000n)),
      on('2025-03-11', (engine) => engine.buy(main, 'DEMOF007', 'nisa2_growth', 300_000n, 'REINVEST')),
      on('2026-03-02', (engine) => engine.deposit(main, 1_500_000n)),
      on('2026-03-10', (engine) => engine.buy(main, 'DEMOF008', 'specific', 500_000n)),
      on('2026-05-12', (engine) => engine.buy(main, 'DEMOF006', 'specific', 1_000_000n, 'RECEIVE')),
    ],
    // today: a spot buy still ORDERED and cancellable (DEMOF001 prices a business day later)
    today: async (engine) => {
      await engine.buyNow(main, 'DEMOF001', 'specific', 50_000n);
    },
  },
  {
    // 株式会社みどり商事 (CORPORATION): 一般口座 holdings bought over the years, one partial sale, the
    // monthly-distribution fund with 再投資
    accountNumber: '1000002',
    events: [
      on('2020-04-01', (engine) => engine.deposit('1000002', 5_000_000n)),
      on('2020-05-12', async (engine) => {
        for (const code of ['DEMOF001', 'DEMOF002', 'DEMOF003', 'DEMOF004'])
          await engine.confirmProspectus('1000002', code);
        await engine.buy('1000002', 'DEMOF001', 'general', 1_000_000n);
      }),
      on('2021-09-07', (engine) => engine.buy('1000002', 'DEMOF002', 'general', 800_000n)),
      on('2023-02-07', (engine) => engine.buy('1000002', 'DEMOF003', 'general', 1_000_000n)),
      on('2024-11-12', (engine) => engine.sell('1000002', 'DEMOF002', 'general', { amount: 300_000n })),
      on('2025-05-13', (engine) => engine.buy('1000002', 'DEMOF004', 'general', 500_000n)),
      // the monthly fund with 再投資: each 分配金 less 15.315% (a corporation) buys units at the ex-NAV
      on('2025-08-12', async (engine) => {
        await engine.confirmProspectus('1000002', 'DEMOF006');
        await engine.buy('1000002', 'DEMOF006', 'general', 1_000_000n, 'REINVEST');
      }),
    ],
  },
  {
    // 青木 さくら (CHILD): a small 特定口座 積立 by 口座振替
    accountNumber: '1000003',
    recurringPurchases: [
      {
        fundCode: 'DEMOF003',
        accountType: 'specific',
        amount: 5_000n,
        paymentMethod: 'ACCOUNT_TRANSFER',
        startMonth: '2025-04',
      },
    ],
  },
  {
    // 青木 蓮 (JUNIOR_NISA): holdings bought before 2024, no purchase since (the placement refuses them
    // now, so the orders are written as it wrote them then; the batch steps execute and settle them)
    accountNumber: '1000004',
    events: [
      on('2017-04-03', (engine) => engine.deposit('1000004', 800_000n)),
      on('2017-06-13', (engine) => engine.legacyBuy('1000004', 'DEMOF001', 'junior_nisa', 400_000n)),
      on('2019-03-12', (engine) => engine.legacyBuy('1000004', 'DEMOF003', 'junior_nisa', 300_000n)),
    ],
  },
  {
    // 木村 大輔: one plain 特定口座 holding, so the home screen is not empty
    accountNumber: '1000009',
    events: [
      on('2025-01-10', (engine) => engine.deposit('1000009', 300_000n)),
      on('2025-02-12', async (engine) => {
        await engine.confirmProspectus('1000009', 'DEMOF001');
        await engine.buy('1000009', 'DEMOF001', 'specific', 200_000n);
      }),
    ],
  },
];
