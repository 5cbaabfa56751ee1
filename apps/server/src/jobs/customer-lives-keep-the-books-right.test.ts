import { describe, it } from 'vitest';
import { runLives } from '../test/customer-lives/run-lives.ts';

// Issue 25 point 5: random sequences of customers' actions through the real API (buys by amount and by
// units with and without points, with or without a 分配金コース, sells by amount, units and all, cancels,
// 積立 set-up, change, suspend, resume and cancel by both payment methods, 定期売却, 毎月の入金, card links,
// 分配金コース changes) and outside events (a card unlinked at the issuer, a bank account registered or
// closed at the bank, a bank answering 残高不足), interleaved with nights of the real batch, whose
// monthly-distributing fund pays its holders (再投資 or 受取) on each 支払開始日; after every night the
// ledger balances with no credit without a source, nothing is negative, holdings equal their trades and
// their 個別元本 and 簿価 what their trades and 元本払戻金 replay to, NISA stays within its limits, one order
// per idempotency key, no bank debit without a bank account, and the batch finished the day. This is the short seeded run; the
// long one is `npm run soak:model`, which prints the seed and path of a failure to replay it here.
describe("customers' lives keep the books right (model-based)", () => {
  it('holds every invariant over seeded random lives', { timeout: 600_000 }, async () => {
    await runLives({ seed: 20_261_128, numRuns: 8, maxCommands: 60 });
  });
});
