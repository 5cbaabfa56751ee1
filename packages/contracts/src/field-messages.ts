/**
 * What a customer reads when a request is refused field by field (issue 13 point 11): a Japanese sentence
 * naming the field as the screens do, never an internal path (`body.amount`) or a library's wording.
 * No zod import: the web app may use the labels in its first bundle (performance.md).
 */

/** Field names of the API's requests, as the screens call them. */
export const fieldLabels: Readonly<Record<string, string>> = {
  accountNumber: '口座番号',
  accountType: '口座区分',
  amount: '金額',
  birthDate: '生年月日',
  bonus: 'ボーナス月の設定',
  category: '区分',
  code: '確認コード',
  credential: 'パスキーの情報',
  credential_id: 'パスキー',
  currentPassword: '現在のパスワード',
  current_password: '現在のパスワード',
  date: '基準日',
  day: '指定日',
  email: 'メールアドレス',
  firstName: '名',
  firstNameKana: '名（フリガナ）',
  frequency: '頻度',
  from: '開始日',
  fundCode: 'ファンドコード',
  interval: '期間',
  lastName: '姓',
  lastNameKana: '姓（フリガナ）',
  login: '口座番号またはメールアドレス',
  months: '対象月',
  name: '名前',
  newEmail: '新しいメールアドレス',
  newPassword: '新しいパスワード',
  orderId: '注文番号',
  orderType: '注文方法',
  page: 'ページ',
  pageSize: '表示件数',
  password: 'パスワード',
  paymentMethod: '支払方法',
  points: 'ポイント',
  relationship: '続柄・役職',
  side: '売買区分',
  status: '状態',
  to: '終了日',
  type: '種類',
  units: '口数',
  value: '設定値',
  year: '年',
  'idempotency-key': 'Idempotency-Key ヘッダー',
};

/** Fields that identify a step of a procedure or a device: the customer can only start it again. */
const procedureFields = new Set([
  'attemptId',
  'changeId',
  'resetId',
  'registrationId',
  'sessionId',
  'stepupToken',
  'stepup_token',
  'state',
  'codeChallenge',
  'clientId',
  'redirectUri',
  'scope',
  'uid',
  'key',
  'tenant_id',
]);

const fallbackLabel = '入力内容';

/** The label of a field from its path (`['plans', 0, 'amount']` → 金額); list indexes are skipped. */
export function labelOf(path: readonly PropertyKey[]): string {
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const key = path[index];
    if (typeof key !== 'string') continue;
    if (procedureFields.has(key)) return 'お手続きの情報';
    return fieldLabels[key] ?? fallbackLabel;
  }
  return fallbackLabel;
}

/** The parts of a validation issue the messages use (zod's issue, without depending on zod). */
export interface ValidationIssueLike {
  readonly code: string;
  readonly path?: readonly PropertyKey[];
  readonly input?: unknown;
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly inclusive?: boolean;
}

/** A customer's sentence for a refused field: "金額を入力してください。" and the like. */
export function customerIssueMessage(issue: ValidationIssueLike): string {
  const label = labelOf(issue.path ?? []);
  if (label === 'お手続きの情報') {
    return 'お手続きの情報が正しくないか、有効期限が切れています。はじめからやり直してください。';
  }
  const whole = (issue.path ?? []).length === 0;
  switch (issue.code) {
    case 'invalid_type':
      if (whole) {
        return issue.input === undefined || issue.input === null
          ? '必要な項目が送信されていません。'
          : '送信された内容の形式が正しくありません。';
      }
      return issue.input === undefined || issue.input === null
        ? `${label}を入力してください。`
        : `${label}の形式が正しくありません。`;
    case 'too_small':
      return tooSmall(label, issue);
    case 'too_big':
      return tooBig(label, issue);
    case 'invalid_format':
      if (issue.format === 'date') return `${label}は「2026-04-01」の形式の日付で入力してください。`;
      if (issue.format === 'email') return `${label}を正しい形式で入力してください。`;
      return `${label}の形式が正しくありません。`;
    case 'invalid_value':
      return `${label}の選択肢が正しくありません。`;
    case 'unrecognized_keys':
      return '受け付けていない項目が含まれています。';
    default:
      return `${label}の内容が正しくありません。`;
  }
}

function tooSmall(label: string, issue: ValidationIssueLike): string {
  const minimum = String(issue.minimum ?? '');
  if (issue.origin === 'string') {
    return minimum === '1'
      ? `${label}を入力してください。`
      : `${label}は${minimum}文字以上で入力してください。`;
  }
  if (issue.origin === 'array' || issue.origin === 'set')
    return `${label}を${minimum}件以上指定してください。`;
  return `${label}は${minimum}${issue.inclusive === false ? 'より大きい値' : '以上'}で入力してください。`;
}

function tooBig(label: string, issue: ValidationIssueLike): string {
  const maximum = String(issue.maximum ?? '');
  if (issue.origin === 'string') return `${label}は${maximum}文字以内で入力してください。`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${label}は${maximum}件までです。`;
  return `${label}は${maximum}${issue.inclusive === false ? '未満' : '以下'}で入力してください。`;
}

/** A message as one sentence ending in 。 (custom messages of the schemas are written without it). */
export function asSentence(message: string): string {
  const trimmed = message.trim();
  return /[。！？]$/.test(trimmed) ? trimmed : `${trimmed}。`;
}

/** The message of a refusal naming several fields: their sentences in order, each once. */
export function joinFieldMessages(messages: readonly string[]): string {
  return [...new Set(messages.map(asSentence))].join('');
}
