import type { PageLoad } from '../../lib/routing/page-module';
import { agentQueryOptions } from './api/agent-calls';

/** `/mypage/changeAgent` (decision 012): the current 代理人 is the first paint. */
export const loadChangeAgentPage: PageLoad = async ({ queryClient }) => {
  await queryClient.ensureQueryData(agentQueryOptions());
};
