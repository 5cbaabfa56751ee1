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
  invalid_criteria: '検索条件が入力のルールに合わない',
};

/**
 * A search row's criteria in words (decision 038): what the operator typed, so two searches read apart,
 * and what it found. A フリガナ longer than the rule shows its first characters and its length.
 */
export function auditSearchText(search: NonNullable<OperatorAuditEntry['search']>): string {
  const parts: string[] = [];
  if (search.accountNumber !== null) parts.push(`口座番号「${search.accountNumber}」`);
  if (search.nameKana !== null)
    parts.push(
      search.nameKanaLength === null
        ? `フリガナ「${search.nameKana}」`
        : `フリガナ「${search.nameKana}…」（${search.nameKanaLength.toLocaleString('ja-JP')}文字）`,
    );
  if (parts.length === 0) parts.push('条件なし');
  if (search.matches !== null) parts.push(`${search.matches}件`);
  return parts.join('・');
}

export function auditOutcomeLabel(entry: Pick<OperatorAuditEntry, 'outcome' | 'reason'>): string {
  if (entry.outcome === 'allowed') return '許可';
  const reason = entry.reason === null ? undefined : refusalLabels[entry.reason];
  return reason === undefined ? '拒否' : `拒否（${reason}）`;
}

export function customerName(customer: { lastName: string; firstName: string }): string {
  return `${customer.lastName} ${customer.firstName}`.trim();
}
