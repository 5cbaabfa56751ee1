import { PageHeading } from '../../../../components/page-heading/page-heading';
import { ErrorState, Skeleton } from '../../../../components/ui';

interface Query {
  readonly isError: boolean;
  refetch(): unknown;
}

/**
 * A 積立 step while the fund and the customer's plans load (a skeleton under the step's heading), or when
 * one of them failed (an error whose retry asks both again).
 */
export function PlanStepWaiting({ title, queries }: { title: string; queries: readonly Query[] }) {
  const failed = queries.some((query) => query.isError);
  return (
    <>
      <PageHeading title={title} />
      {failed ? (
        <ErrorState
          what="積立の設定"
          onRetry={() => {
            for (const query of queries) void query.refetch();
          }}
        />
      ) : (
        <Skeleton label="積立の設定" lines={6} />
      )}
    </>
  );
}
