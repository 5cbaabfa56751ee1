import {
  maxNavRangeDays,
  type FundDetail,
  type FundSummary,
  type FundsResponse,
  type NavsResponse,
  type ProspectusConfirmationResponse,
} from '@fund/contracts';
import type { Database, Fund } from '@fund/db';
import {
  addCalendarDays,
  cancellationPrice,
  isoDate,
  jstDateOf,
  latestPublishedNavDate,
  parseCutOffTime,
  type NavPer10k,
} from '@fund/domain';
import { BadRequestError, NotFoundError } from '../../errors/app-error.ts';
import {
  currentProspectus,
  findFundByCode,
  findProspectusConfirmation,
  latestConfirmedProspectusVersion,
} from '../../fund-catalogue/fund-catalogue.repository.ts';
import { runIdempotent, type IdempotentAnswer } from '../../idempotency/idempotency.ts';
import { confirmProspectus, latestTwoNavs, listFunds, navsBetween } from './funds.repository.ts';

const fundNotFound = 'ファンドが見つかりません。';

/** Funds as the customer sees them: prices are @fund/domain's (解約価額 = NAV − 信託財産留保額). */
export class FundsService {
  constructor(private readonly db: Database) {}

  async #summary(fund: Fund, now: Date): Promise<FundSummary> {
    // blind pricing: today's NAV only from today's cut-off
    const published = latestPublishedNavDate(now, parseCutOffTime(fund.cutOffTime));
    const [latest, previous] = await latestTwoNavs(this.db, fund.id, published);
    return {
      code: fund.code,
      name: fund.name,
      shortName: fund.shortName,
      managementCompany: fund.managementCompany,
      assetClass: fund.assetClass,
      riskLevel: fund.riskLevel,
      foreign: fund.foreign,
      salesStatus: fund.salesStatus,
      navDate: latest?.navDate ?? null,
      nav: latest?.nav.toString() ?? null,
      dayChange:
        latest === undefined || previous === undefined ? null : (latest.nav - previous.nav).toString(),
      cancellationPrice:
        latest === undefined
          ? null
          : cancellationPrice(latest.nav as NavPer10k, fund.retentionFeeBasisPoints).toString(),
      retentionFeeBasisPoints: fund.retentionFeeBasisPoints,
      nisa: { tsumitate: fund.tsumitateEligible, growth: fund.growthEligible },
      priceLagDays: fund.priceLagDays,
      buySettlementLagDays: fund.buySettlementLagDays,
      sellSettlementLagDays: fund.sellSettlementLagDays,
      cutOffTime: fund.cutOffTime.slice(0, 5),
      settlement: { months: fund.settlementMonths, day: fund.settlementDay },
      reinvestmentOffered: fund.reinvestmentOffered,
      redemption:
        fund.redemptionDate === null || fund.lastOrderDate === null
          ? null
          : { date: fund.redemptionDate, lastOrderDate: fund.lastOrderDate },
    };
  }

  async #fund(code: string): Promise<Fund> {
    const fund = await findFundByCode(this.db, code);
    if (fund === undefined) throw new NotFoundError(fundNotFound);
    return fund;
  }

  async list(now: Date): Promise<FundsResponse> {
    const rows = await listFunds(this.db);
    return { funds: await Promise.all(rows.map((fund) => this.#summary(fund, now))) };
  }

  async detail(customerId: string, now: Date, code: string): Promise<FundDetail> {
    const today = jstDateOf(now);
    const fund = await this.#fund(code);
    const prospectus = await currentProspectus(this.db, fund.id, today);
    const confirmedVersion = await latestConfirmedProspectusVersion(this.db, customerId, fund.id);
    const confirmed =
      prospectus !== undefined &&
      (await findProspectusConfirmation(this.db, customerId, fund.id, prospectus.version)) !== undefined;
    return {
      fund: {
        ...(await this.#summary(fund, now)),
        inceptionDate: fund.inceptionDate,
        prospectus:
          prospectus === undefined
            ? null
            : {
                ...prospectus,
                confirmed,
                revisedSinceConfirmation:
                  !confirmed && confirmedVersion !== undefined && confirmedVersion < prospectus.version,
              },
      },
    };
  }

  async navs(
    now: Date,
    code: string,
    query: { from?: string | undefined; to?: string | undefined },
  ): Promise<NavsResponse> {
    const fund = await this.#fund(code);
    const today = jstDateOf(now);
    const to = isoDate(query.to ?? today);
    const from = isoDate(query.from ?? addCalendarDays(to, -365));
    if (from > to) throw new BadRequestError('期間の開始日は終了日以前の日付を指定してください。');
    if (addCalendarDays(from, maxNavRangeDays - 1) < to) {
      throw new BadRequestError(`期間は${maxNavRangeDays}日以内で指定してください。`);
    }
    const published = latestPublishedNavDate(now, parseCutOffTime(fund.cutOffTime));
    const rows = await navsBetween(this.db, fund.id, from, to > published ? published : to);
    return {
      code: fund.code,
      from,
      to,
      navs: rows.map((row) => ({
        date: row.navDate,
        nav: row.nav.toString(),
        cancellationPrice: cancellationPrice(row.nav as NavPer10k, fund.retentionFeeBasisPoints).toString(),
      })),
    };
  }

  /** Confirms the version in force today; idempotent by nature, and guarded by the Idempotency-Key. */
  async confirm(
    scope: { customerId: string; key: string; requestHash: string },
    now: Date,
    code: string,
  ): Promise<IdempotentAnswer<ProspectusConfirmationResponse>> {
    const fund = await this.#fund(code);
    const today = jstDateOf(now);
    return runIdempotent(this.db, scope, async (tx) => {
      const prospectus = await currentProspectus(tx, fund.id, today);
      if (prospectus === undefined) throw new NotFoundError('このファンドの目論見書が見つかりません。');
      const confirmedAt = await confirmProspectus(tx, scope.customerId, fund.id, prospectus.version, now);
      return {
        status: 201,
        body: { fundCode: fund.code, version: prospectus.version, confirmedAt: confirmedAt.toISOString() },
      };
    });
  }
}
