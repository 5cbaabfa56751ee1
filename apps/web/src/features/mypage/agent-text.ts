import { guardianRelationshipLabels, guardianRelationshipSchema, type Agent } from '@fund/contracts';

/** 法定代理人 (CHILD, JUNIOR_NISA) or 代表者 (CORPORATION), decision 020. */
export function agentLabelOf(kind: Agent['kind']): string {
  return kind === 'LEGAL_GUARDIAN' ? '法定代理人' : '代表者';
}

/** 続柄 of a 法定代理人 in Japanese; a 代表者's title as registered. */
export function relationshipTextOf(agent: Pick<Agent, 'kind' | 'relationship'>): string {
  if (agent.kind !== 'LEGAL_GUARDIAN') return agent.relationship;
  const parsed = guardianRelationshipSchema.safeParse(agent.relationship);
  return parsed.success ? guardianRelationshipLabels[parsed.data] : agent.relationship;
}
