import type {
  DistributionCourseChange,
  HoldingDistributions,
  HoldingDistributionsList,
  TotalReturns,
} from '@fund/contracts';
import type { Database } from '@fund/db';
import { totalReturn, type DistributionCourse, type Yen } from '@fund/domain';
import { NotFoundError } from '../../errors/app-error.ts';
import { reinvestmentNotOffered } from '../../errors/reinvestment-not-offered.ts';
import { recordAudit, type CallActor } from '../../audit/audit-log.ts';
import { chooseDistributionCourse, fundCourseOffer } from '../../shared/distribution-courses.repository.ts';
import type { AssetsService } from './assets.service.ts';
import { fundMovementTotals } from '../../shared/fund-movement-totals.repository.ts';
import { holdingDistributions, holdsOrIsBuying } from './fund-life.repository.ts';

/** The course a holding follows: its choice, else 再投資 where the fund offers it (the batch's default). */
function courseOf(chosen: DistributionCourse | undefined, reinvestmentOffered: boolean): DistributionCourse {
  return reinvestmentOffered ? (chosen ?? 'REINVEST') : 'RECEIVE';
}

/**
 * A fund's life as the customer sees it (domain.md §9): each holding's distribution course and what it has
 * paid, the course changed from the holding, and the トータルリターン of every fund ever held.
 */
export class FundLifeService {
  constructor(
    private readonly db: Database,
    private readonly assets: AssetsService,
  ) {}

  async holdingDistributions(customerId: string): Promise<HoldingDistributionsList> {
    const rows = await holdingDistributions(this.db, customerId);
    return {
      holdings: rows.map((row): HoldingDistributions => ({
        fundCode: row.fundCode,
        fundShortName: row.fundShortName,
        accountType: row.accountType,
        course: courseOf(row.chosenCourse, row.reinvestmentOffered),
        reinvestmentOffered: row.reinvestmentOffered,
        redemption: row.redemption,
        distributionsTotal: row.distributionsTotal.toString(),
        reinvestedTotal: row.reinvestedTotal.toString(),
        lastDistribution:
          row.lastDistribution === null
            ? null
            : { ...row.lastDistribution, net: row.lastDistribution.net.toString() },
      })),
    };
  }

  /** Changes a holding's course for the 決算 paid from now on; refused for a fund without 再投資 (400-217). */
  async changeCourse(
    customerId: string,
    change: DistributionCourseChange,
    audit: { actor: CallActor; requestId: string; ip: string | null; at: Date },
  ): Promise<HoldingDistributions> {
    const fund = await fundCourseOffer(this.db, change.fundCode);
    const holding = { customerId, accountType: change.accountType, fundId: fund?.id ?? '' };
    if (fund === undefined || !(await holdsOrIsBuying(this.db, holding)))
      throw new NotFoundError('このファンドのお預りが見つかりません。');
    if (change.course === 'REINVEST' && !fund.reinvestmentOffered) throw reinvestmentNotOffered();
    await this.db.transaction(async (tx) => {
      await chooseDistributionCourse(tx, holding, change.course);
      await recordAudit(tx, {
        ...audit.actor,
        subjectCustomerId: customerId,
        action: 'distribution_course.change',
        outcome: 'allowed',
        requestId: audit.requestId,
        ip: audit.ip,
        details: { ...change },
        occurredAt: audit.at,
      });
    });
    const list = await this.holdingDistributions(customerId);
    return list.holdings.find(
      (row) => row.fundCode === change.fundCode && row.accountType === change.accountType,
    )!;
  }

  /**
   * トータルリターン per fund (JSDA; domain.md §9) from the settled trades and the distributions paid, the
   * 評価金額 being the 資産状況's holdings of today (units of pending sells included, at the same price).
   */
  async totalReturns(customerId: string): Promise<TotalReturns> {
    const [assets, movements] = await Promise.all([
      this.assets.assets(customerId, undefined),
      fundMovementTotals(this.db, customerId),
    ]);
    const valuationOf = new Map<string, bigint>();
    for (const holding of assets.holdings) {
      const value = BigInt(holding.value) + BigInt(holding.pendingSellValue);
      valuationOf.set(holding.fund.code, (valuationOf.get(holding.fund.code) ?? 0n) + value);
    }
    const funds = movements.map((fund) => {
      const valuation = valuationOf.get(fund.code) ?? 0n;
      const figures = {
        valuation: valuation as Yen,
        sold: fund.sold as Yen,
        distributions: fund.distributions as Yen,
        bought: fund.bought as Yen,
      };
      return {
        fundCode: fund.code,
        fundName: fund.name,
        fundShortName: fund.shortName,
        held: valuationOf.has(fund.code),
        ...figures,
        distributionsReinvested: fund.reinvested,
        boughtByReinvestment: fund.reinvested,
        totalReturn: totalReturn(figures),
      };
    });
    const sum = (pick: (fund: (typeof funds)[number]) => bigint) =>
      funds.reduce((total, fund) => total + pick(fund), 0n).toString();
    return {
      referenceDate: assets.referenceDate,
      funds: funds.map((fund) => ({
        ...fund,
        valuation: fund.valuation.toString(),
        sold: fund.sold.toString(),
        distributions: fund.distributions.toString(),
        distributionsReinvested: fund.distributionsReinvested.toString(),
        bought: fund.bought.toString(),
        boughtByReinvestment: fund.boughtByReinvestment.toString(),
        totalReturn: fund.totalReturn.toString(),
      })),
      total: {
        valuation: sum((fund) => fund.valuation),
        sold: sum((fund) => fund.sold),
        distributions: sum((fund) => fund.distributions),
        distributionsReinvested: sum((fund) => fund.distributionsReinvested),
        bought: sum((fund) => fund.bought),
        boughtByReinvestment: sum((fund) => fund.boughtByReinvestment),
        totalReturn: sum((fund) => fund.totalReturn),
      },
    };
  }
}
