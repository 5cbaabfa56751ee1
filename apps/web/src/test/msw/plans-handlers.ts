import type { FundDetail, MonthlyDeposit, RecurringPurchase } from '@fund/contracts';
import { FundsPath, PlansPath } from '@fund/contracts/paths';
import { http, HttpResponse, type RequestHandler } from 'msw';

/** A fund open to 積立 in every account, つみたて投資枠 included. */
export const plansFundFixture = {
  fund: {
    code: 'DEMOF005',
    name: 'デモ・先進国債券インデックス',
    shortName: '先進国債券',
    managementCompany: 'デモ投信',
    assetClass: 'BOND',
    riskLevel: 2,
    foreign: true,
    salesStatus: 'ON_SALE',
    navDate: '2026-11-24',
    nav: '12345',
    dayChange: '12',
    cancellationPrice: '12333',
    retentionFeeBasisPoints: 10,
    nisa: { tsumitate: true, growth: true },
    priceLagDays: 1,
    buySettlementLagDays: 4,
    sellSettlementLagDays: 4,
    cutOffTime: '15:00',
    settlement: { months: [7], day: 10 },
    reinvestmentOffered: true,
    redemption: null,
    inceptionDate: '2020-04-01',
    prospectus: {
      version: 1,
      effectiveOn: '2026-01-01',
      documentUrl: '/docs/prospectus.pdf',
      confirmed: true,
      revisedSinceConfirmation: false,
    },
  },
} satisfies FundDetail;

/** A 積立 plan by 口座振替 in the 特定口座, in force, for the fixture fund. */
export const plansPlanFixture = {
  id: '30000000-0000-4000-8000-000000000005',
  fund: {
    code: 'DEMOF005',
    name: 'デモ・先進国債券インデックス',
    shortName: '先進国債券',
    redemptionDate: null,
  },
  accountType: 'specific',
  amount: '10000',
  bonus: null,
  paymentMethod: 'ACCOUNT_TRANSFER',
  status: 'ACTIVE',
  startMonth: '2026-04',
  pendingChange: null,
  createdAt: '2026-03-10T01:00:00.000Z',
  updatedAt: '2026-03-10T01:00:00.000Z',
} satisfies RecurringPurchase;

export const plansDepositFixture = {
  monthlyDeposit: {
    id: '50000000-0000-4000-8000-000000000001',
    amount: '30000',
    day: 10,
    status: 'ACTIVE',
    updatedAt: '2025-01-05T01:00:00.000Z',
  },
} satisfies MonthlyDeposit;

/**
 * Default answers of the calls the 積立 and 毎月の入金 screens own (decision 012); the plan list itself is
 * answered by the home screen's list (listed first). Tests that assert figures answer the calls themselves.
 */
export const plansHandlers: RequestHandler[] = [
  http.get(FundsPath.fund, () => HttpResponse.json(plansFundFixture)),
  http.get(PlansPath.monthlyDeposit, () => HttpResponse.json(plansDepositFixture)),
];
