import type {
  FundDetail,
  FundSummary,
  FundsResponse,
  MonthlyDeposit,
  NavsResponse,
  RecurringPurchaseList,
  ScheduledSellList,
} from '@fund/contracts';
import { FundsPath, PlansPath } from '@fund/contracts/paths';
import { http, HttpResponse, type RequestHandler } from 'msw';

/** A balanced fund in both NISA 枠, no retention fee; its prospectus confirmed. */
export const tradingFundFixture = {
  code: 'DEMOF001',
  name: 'さくらグローバル・バランスファンド（6資産均等型）',
  shortName: 'さくらグローバルバランス',
  managementCompany: 'さくらアセットマネジメント株式会社',
  assetClass: 'BALANCED',
  riskLevel: 3,
  foreign: true,
  salesStatus: 'ON_SALE',
  navDate: '2026-11-25',
  nav: '17227',
  dayChange: '42',
  cancellationPrice: '17227',
  retentionFeeBasisPoints: 0,
  nisa: { tsumitate: true, growth: true },
  priceLagDays: 1,
  buySettlementLagDays: 4,
  sellSettlementLagDays: 5,
  cutOffTime: '15:00',
  settlement: { months: [7], day: 10 },
  reinvestmentOffered: true,
  redemption: null,
} satisfies FundSummary;

/** A growth-only equity fund with a 0.1% retention fee whose current prospectus is not confirmed. */
export const tradingUnconfirmedFundFixture = {
  ...tradingFundFixture,
  code: 'DEMOF002',
  name: 'ひかり世界株式ファンド・オブ・ファンズ',
  shortName: 'ひかり世界株FoF',
  managementCompany: 'ひかり投信株式会社',
  assetClass: 'EQUITY',
  riskLevel: 5,
  navDate: '2026-11-25',
  nav: '27362',
  dayChange: '-106',
  cancellationPrice: '27334',
  retentionFeeBasisPoints: 10,
  nisa: { tsumitate: false, growth: true },
  priceLagDays: 2,
  buySettlementLagDays: 5,
} satisfies FundSummary;

export function fundDetailOf(
  fund: FundSummary,
  confirmed: boolean,
  revisedSinceConfirmation = false,
): FundDetail {
  return {
    fund: {
      ...fund,
      inceptionDate: '2016-11-01',
      prospectus: {
        version: 3,
        effectiveOn: '2026-09-01',
        documentUrl: `https://funds.example.jp/${fund.code}/prospectus-v3.pdf`,
        confirmed,
        revisedSinceConfirmation,
      },
    },
  };
}

const funds: FundSummary[] = [tradingFundFixture, tradingUnconfirmedFundFixture];

/** An 積立 plan on つみたて投資枠 by 口座振替, in force. */
export const tradingPlanFixture = {
  id: '31000000-0000-4000-8000-000000000001',
  fund: {
    code: 'DEMOF001',
    name: tradingFundFixture.name,
    shortName: tradingFundFixture.shortName,
    redemptionDate: null,
  },
  accountType: 'nisa2_tsumitate',
  amount: '30000',
  bonus: null,
  paymentMethod: 'ACCOUNT_TRANSFER',
  status: 'ACTIVE',
  startMonth: '2024-01',
  pendingChange: null,
  createdAt: '2023-12-12T00:00:00.000Z',
  updatedAt: '2023-12-12T00:00:00.000Z',
} satisfies RecurringPurchaseList['recurringPurchases'][number];

/** A fixed-amount 定期売却 in odd months from the 特定口座. */
export const tradingScheduledSellFixture = {
  id: '32000000-0000-4000-8000-000000000001',
  fund: {
    code: 'DEMOF001',
    name: tradingFundFixture.name,
    shortName: tradingFundFixture.shortName,
    redemptionDate: null,
  },
  accountType: 'specific',
  type: 'AMOUNT',
  value: '30000',
  frequency: 'ODD_MONTHLY',
  status: 'ACTIVE',
  createdAt: '2025-08-22T00:00:00.000Z',
  updatedAt: '2025-08-22T00:00:00.000Z',
} satisfies ScheduledSellList['scheduledSells'][number];

export const tradingMonthlyDepositFixture = {
  monthlyDeposit: {
    id: '33000000-0000-4000-8000-000000000001',
    amount: '30000',
    day: 10,
    status: 'ACTIVE',
    updatedAt: '2024-12-22T00:00:00.000Z',
  },
} satisfies MonthlyDeposit;

/** Three 基準日 at the end of the requested period. */
function navsOf(code: string, from: string, to: string): NavsResponse {
  return {
    code,
    from,
    to,
    navs: [
      { date: '2026-11-21', nav: '17104', cancellationPrice: '17104' },
      { date: '2026-11-24', nav: '17185', cancellationPrice: '17185' },
      { date: '2026-11-25', nav: '17227', cancellationPrice: '17227' },
    ],
  };
}

/**
 * Default answers of the calls the trading list owns (decision 012): plausible fixtures typed with the
 * contracts, so whole-app tests render it; a test that asserts figures answers them itself.
 */
export const tradingListHandlers: RequestHandler[] = [
  http.get(FundsPath.funds, () => HttpResponse.json({ funds } satisfies FundsResponse)),
  http.get(FundsPath.fund, ({ params }) => {
    const fund = funds.find((candidate) => candidate.code === params.code);
    if (fund === undefined) {
      return HttpResponse.json({ code: '404-000', message: 'ファンドが見つかりません' }, { status: 404 });
    }
    return HttpResponse.json(fundDetailOf(fund, fund.code !== tradingUnconfirmedFundFixture.code));
  }),
  http.get(FundsPath.navs, ({ params, request }) => {
    const query = new URL(request.url).searchParams;
    return HttpResponse.json(
      navsOf(String(params.code), query.get('from') ?? '2025-11-25', query.get('to') ?? '2026-11-25'),
    );
  }),
  http.get(PlansPath.recurringPurchases, () =>
    HttpResponse.json({ recurringPurchases: [tradingPlanFixture] } satisfies RecurringPurchaseList),
  ),
  http.get(PlansPath.scheduledSells, () =>
    HttpResponse.json({ scheduledSells: [tradingScheduledSellFixture] } satisfies ScheduledSellList),
  ),
  http.get(PlansPath.monthlyDeposit, () => HttpResponse.json(tradingMonthlyDepositFixture)),
];
