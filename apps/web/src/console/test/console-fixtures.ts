import type { OperatorAuditEntry, OperatorCustomer } from '@fund/contracts';
import { fakeAccessToken } from '../../lib/auth/test/fake-jwt';
import { writeOperatorTokens } from '../auth/operator-token-store';

/** The console signed in as `loginId` with a valid operator token (its own stored tokens). */
export function seedOperatorSession(loginId = 'operator02'): string {
  const token = fakeAccessToken(600, loginId);
  writeOperatorTokens({ access_token: token, token_type: 'Bearer', refresh_token: 'operator-refresh' });
  return token;
}

export const aokiKenta: OperatorCustomer = {
  accountNumber: '1000001',
  branchCode: '001',
  lastName: '青木',
  firstName: '健太',
  lastNameKana: 'アオキ',
  firstNameKana: 'ケンタ',
  accountRole: 'ADULT',
  equityStatus: 'OPEN',
  locked: false,
};

export function auditEntry(index: number, overrides: Partial<OperatorAuditEntry> = {}): OperatorAuditEntry {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    occurredAt: new Date(Date.UTC(2026, 10, 25, 1, 0, 0) - index * 60_000).toISOString(),
    action: 'act_as',
    outcome: 'allowed',
    customer: { accountNumber: '1000001', name: '青木 健太' },
    method: 'GET',
    path: '/v1/assets',
    reason: null,
    search: null,
    ...overrides,
  };
}
