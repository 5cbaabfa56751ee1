import type { AgentOfAccount } from '@fund/contracts';
import { AgentPath } from '@fund/contracts/paths';
import { http, HttpResponse } from 'msw';

/** The 法定代理人 of a minor's account, as seeded for 1000003 (decision 020). */
export const guardianAgent: AgentOfAccount = {
  kind: 'LEGAL_GUARDIAN',
  agent: {
    kind: 'LEGAL_GUARDIAN',
    lastName: '青木',
    firstName: '健太',
    lastNameKana: 'アオキ',
    firstNameKana: 'ケンタ',
    relationship: 'FATHER',
    updatedAt: '2026-10-01T01:00:00.000Z',
  },
};

/** 代理人 (/mypage/changeAgent): a minor's account with its father by default. */
export const agentHandlers = [http.get(AgentPath.agent, () => HttpResponse.json(guardianAgent))];
