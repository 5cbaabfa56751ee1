import type { AgentOfAccount, PutAgentBody } from '@fund/contracts';
import { AgentPath } from '@fund/contracts/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../../lib/api/services';

/** Query keys of the change-agent page. */
export const agentQueryKeys = {
  agent: () => ['mypage', 'agent'] as const,
};

/** The code an ADULT account gets: no 代理人 (decision 020); the page explains it, no toast. */
export const noAgentForAccountCode = '400-666';

/** `GET /v6/agent`: the kind of 代理人 the account has and the one registered. */
export function agentQueryOptions() {
  return queryOptions({
    queryKey: agentQueryKeys.agent(),
    queryFn: ({ signal }) =>
      accountApi.get<AgentOfAccount>(AgentPath.agent, { signal, passThrough: [noAgentForAccountCode] }),
  });
}

export function useAgent() {
  return useQuery(agentQueryOptions());
}

/** `PUT /v6/agent` with the current password; refusals come back to the form, field by field. */
export function usePutAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutAgentBody) =>
      accountApi.put<AgentOfAccount>(AgentPath.agent, { body, passThrough: 'any' }),
    onSuccess: (answer) => queryClient.setQueryData(agentQueryKeys.agent(), answer),
  });
}
