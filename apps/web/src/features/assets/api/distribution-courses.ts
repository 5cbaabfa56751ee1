import type {
  DistributionCourseChange,
  HoldingDistributions,
  HoldingDistributionsList,
} from '@fund/contracts';
import { FundLifePath } from '@fund/contracts/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productApi } from '../../../lib/api/services';
import { assetsQueryKeys } from './assets-query-keys';

/** `GET /v1/distributionCourses`: each holding's 分配金の受取方法 and what it has paid. */
export function distributionCoursesQueryOptions() {
  return queryOptions({
    queryKey: assetsQueryKeys.distributionCourses,
    queryFn: ({ signal }) =>
      productApi.get<HoldingDistributionsList>(FundLifePath.distributionCourses, { signal }),
  });
}

/** The row of one holding (fund and account type), once the list is in. */
export function useHoldingDistributions(fundCode: string, accountType: string) {
  return useQuery({
    ...distributionCoursesQueryOptions(),
    select: (list) =>
      list.holdings.find((row) => row.fundCode === fundCode && row.accountType === accountType) ?? null,
  });
}

/** `PUT /v1/distributionCourses`: the holding's course for the 決算 paid from now on; errors shown in place. */
export function useChangeDistributionCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DistributionCourseChange) =>
      productApi.put<HoldingDistributions>(FundLifePath.distributionCourses, {
        body: change,
        passThrough: 'any',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsQueryKeys.distributionCourses }),
  });
}
