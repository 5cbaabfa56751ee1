import type { DistributionCourseValue } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button/button';
import { DescriptionList, Money, RadioGroup } from '../../../components/ui';
import { ApiError } from '../../../lib/api/api-client';
import { useChangeDistributionCourse, useHoldingDistributions } from '../api/distribution-courses';
import { courseLabels, courseOptions } from '../../../lib/fund-life/distribution-course-words';

/**
 * A holding's distributions (issue 28 point 3): its course (受取 / 再投資), the 累計分配金 and the last
 * one, the course changed here for the 決算 paid afterwards, and the way to its トータルリターン.
 */
export function HoldingDistributions({
  fundCode,
  accountType,
  name,
}: {
  readonly fundCode: string;
  readonly accountType: string;
  /** Names the holding for screen readers (fund and account). */
  readonly name: string;
}) {
  const query = useHoldingDistributions(fundCode, accountType);
  const change = useChangeDistributionCourse();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<DistributionCourseValue | undefined>(undefined);
  const row = query.data;
  // one failed list for every holding: a quiet line each (no alert per holding), the retry refetches it once
  if (query.isError)
    return (
      <div className="holding-distributions">
        <p className="holding-distributions__unavailable">
          分配金の受取方法と累計分配金を表示できませんでした。
          <Button
            type="button"
            variant="text"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            再読み込み<span className="visually-hidden">（{name}の分配金）</span>
          </Button>
        </p>
      </div>
    );
  if (row === null || row === undefined) return null;
  const failure =
    change.error instanceof ApiError && change.error.detail !== ''
      ? change.error.detail
      : change.error === null
        ? undefined
        : '受取方法を変更できませんでした。時間をおいてもう一度お試しください。';
  return (
    <div className="holding-distributions">
      {row.redemption === null ? null : (
        <p className="holding-distributions__redemption">
          {`このファンドは${formatJapaneseDate(row.redemption.date)}に償還されます。`}
          ご保有の口数は償還日の基準価額（償還価額）で換金し、信託財産留保額なしでお預り金に入金します（課税口座では売却と同じく譲渡益に課税）。
          {`ご注文の受付は${formatJapaneseDate(row.redemption.lastOrderDate)}までです。`}
        </p>
      )}
      <DescriptionList
        label={`${name}の分配金`}
        items={[
          {
            term: '分配金の受取方法',
            value: courseLabels[row.course],
            note: row.reinvestmentOffered ? undefined : 'このファンドは再投資コースがありません',
          },
          {
            term: '累計分配金（税引後）',
            value: <Money value={row.distributionsTotal} />,
            note:
              row.reinvestedTotal === '0' ? undefined : (
                <>
                  うち再投資 <Money value={row.reinvestedTotal} />
                </>
              ),
          },
          ...(row.lastDistribution === null
            ? []
            : [
                {
                  term: '前回の分配金',
                  value: <Money value={row.lastDistribution.net} />,
                  note: `${formatJapaneseDate(row.lastDistribution.settlementDate)}決算`,
                },
              ]),
        ]}
      />
      {change.isSuccess && !editing ? (
        <p className="holding-distributions__done" role="status">
          受取方法を「{courseLabels[row.course]}」に変更しました。次回の決算の分配金から適用されます。
        </p>
      ) : null}
      {editing ? (
        <form
          className="holding-distributions__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen === undefined || chosen === row.course) return setEditing(false);
            change.mutate(
              { fundCode, accountType: row.accountType, course: chosen },
              { onSuccess: () => setEditing(false) },
            );
          }}
        >
          <RadioGroup
            legend={`分配金の受取方法（${name}）`}
            value={chosen ?? row.course}
            onChange={setChosen}
            error={failure}
            options={courseOptions(true)}
          />
          <div className="holding-distributions__actions">
            <Button type="submit" loading={change.isPending} writes>
              変更する
            </Button>
            <Button type="button" variant="outline" onClick={() => setEditing(false)}>
              やめる
            </Button>
          </div>
        </form>
      ) : (
        <div className="holding-distributions__actions">
          {row.reinvestmentOffered ? (
            <Button
              type="button"
              variant="outline"
              writes
              onClick={() => {
                setChosen(row.course);
                change.reset();
                setEditing(true);
              }}
            >
              受取方法を変更<span className="visually-hidden">（{name}）</span>
            </Button>
          ) : null}
          <Link to={`/assets/totalReturn#fund-${fundCode}`}>
            トータルリターンを見る<span className="visually-hidden">（{name}）</span>
          </Link>
        </div>
      )}
    </div>
  );
}
