import type { FeedProblem, FundFeedReport } from '@fund/contracts';

/** At most this many problems are printed one by one. */
const listedProblems = 50;

export function formatFeedReport(report: FundFeedReport): string {
  const { funds, navs } = report;
  return [
    `funds ${funds.inserted} new, ${funds.updated} updated, ${funds.unchanged} unchanged`,
    `prospectus versions ${report.prospectusesInserted} new`,
    `holidays ${report.holidaysInserted} new`,
    `NAVs ${navs.inserted} new, ${navs.unchanged} already stored`,
  ].join('; ');
}

export function formatFeedProblems(problems: readonly FeedProblem[]): string {
  return [
    ...problems.slice(0, listedProblems).map((problem) => `  ${problem.where}: ${problem.problem}`),
    ...(problems.length > listedProblems ? [`  … and ${problems.length - listedProblems} more`] : []),
  ].join('\n');
}
