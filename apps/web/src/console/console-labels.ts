import type { AccountRoleType, OperatorAuditEntry } from '@fund/contracts';

// The console's words (Japanese, for operators of the call centre and the branches).

export const accountRoleLabel: Readonly<Record<AccountRoleType, string>> = {
  ADULT: '個人',
  CORPORATION: '法人',
  CHILD: '未成年',
  JUNIOR_NISA: 'ジュニアNISA',
};

/** What an audit row's action was, in the operator's words. */
export function auditActionLabel(action: string): string {
  switch (action) {
    case 'act_as':
      return '代理閲覧';
    case 'operator.customer_search':
      return 'お客さま検索';
    case 'operator.customer_open':
      return 'お客さまを開く';
    default:
      return action;
  }
}

/** Why a call was refused (decision 009's reasons). */
const refusalLabels: Readonly<Record<string, string>> = {
  not_assigned: '担当外の部店のお客さま',
  unknown_customer: '該当するお客さまなし',
  insufficient_scope: '閲覧のみのため操作不可',
  operator_locked: 'オペレーターがロック中',
  header_missing: 'お客さまの指定なし',
  header_invalid: 'お客さまの指定が不正',
  no_act_as_claim: '代理操作の権限なし',
};

export function auditOutcomeLabel(entry: Pick<OperatorAuditEntry, 'outcome' | 'reason'>): string {
  if (entry.outcome === 'allowed') return '許可';
  const reason = entry.reason === null ? undefined : refusalLabels[entry.reason];
  return reason === undefined ? '拒否' : `拒否（${reason}）`;
}

export function customerName(customer: { lastName: string; firstName: string }): string {
  return `${customer.lastName} ${customer.firstName}`.trim();
}
