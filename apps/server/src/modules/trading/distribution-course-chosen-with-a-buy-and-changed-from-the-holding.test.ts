import { TradingErrorCode } from '@fund/contracts';
import { auditLog, funds } from '@fund/db';
import { jstInstant } from '@fund/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingKit, kitStartup, type TradingKit } from './test/trading-test-kit.ts';

// Issue 28 point 3: the course (受取 / 再投資) is chosen with the buy, shown on the holding and changed
// from it for the 決算 paid afterwards; a fund that offers no 再投資 refuses it with 400-217.
let kit: TradingKit;
const main = '1000001';

beforeAll(async () => {
  kit = await createTradingKit();
  kit.setNow(jstInstant(2026, 2, 4, 10, 0));
  await kit.database.db.update(funds).set({ reinvestmentOffered: false }).where(eq(funds.code, 'DEMOF002'));
}, kitStartup);

afterAll(async () => {
  await kit?.close();
});

async function put(body: unknown) {
  return kit.app.inject({
    method: 'PUT',
    url: '/v1/distributionCourses',
    headers: {
      host: 'localhost:3000',
      authorization: `Bearer ${await kit.token(main)}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}

async function courseOf(fundCode: string, accountType: string) {
  const response = await kit.get(main, '/v1/distributionCourses');
  expect(response.statusCode).toBe(200);
  return response
    .json<{
      holdings: { fundCode: string; accountType: string; course: string; reinvestmentOffered: boolean }[];
    }>()
    .holdings.find((row) => row.fundCode === fundCode && row.accountType === accountType);
}

describe('the distribution course of a holding', { timeout: kitStartup }, () => {
  it('distribution-course-chosen-with-the-buy-is-the-holdings', async () => {
    const response = await kit.post(main, '/v1/orders/buy', {
      fundCode: 'DEMOF003',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: '10000',
      distributionCourse: 'RECEIVE',
    });
    expect(response.statusCode).toBe(201);
    expect(await courseOf('DEMOF003', 'specific')).toMatchObject({
      course: 'RECEIVE',
      reinvestmentOffered: true,
    });
  });

  it('distribution-course-changed-from-the-holding-is-audited', async () => {
    const response = await put({ fundCode: 'DEMOF003', accountType: 'specific', course: 'REINVEST' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fundCode: 'DEMOF003', course: 'REINVEST' });
    expect(await courseOf('DEMOF003', 'specific')).toMatchObject({ course: 'REINVEST' });
    const [audit] = await kit.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'distribution_course.change'));
    expect(audit).toMatchObject({ outcome: 'allowed', subjectCustomerId: kit.customerId(main) });
  });

  it('distribution-course-reinvest-is-refused-where-the-fund-offers-only-receive', async () => {
    await kit.giveHolding(main, 'specific', 'DEMOF002', 10_000n);
    expect(await courseOf('DEMOF002', 'specific')).toMatchObject({
      course: 'RECEIVE',
      reinvestmentOffered: false,
    });
    const change = await put({ fundCode: 'DEMOF002', accountType: 'specific', course: 'REINVEST' });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: TradingErrorCode.reinvestmentNotOffered });
    const buy = await kit.post(main, '/v1/orders/buy', {
      fundCode: 'DEMOF002',
      accountType: 'specific',
      orderType: 'AMOUNT',
      amount: '10000',
      distributionCourse: 'REINVEST',
    });
    expect(buy.statusCode).toBe(400);
    expect(buy.json()).toMatchObject({ code: TradingErrorCode.reinvestmentNotOffered });
  });

  it('distribution-course-of-a-fund-not-held-is-not-found', async () => {
    const response = await put({ fundCode: 'DEMOF004', accountType: 'nisa2_growth', course: 'RECEIVE' });
    expect(response.statusCode).toBe(404);
  });
});
