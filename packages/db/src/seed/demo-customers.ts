import type { AccountRole, EquityStatus } from '../schema/index.ts';

/**
 * Demo customers: one per role and per account state the app shell reacts to (domain.md §8).
 * Fixed ids and dates keep the demo and its tests reproducible. "Today" in the demo is late 2026: recent
 * confirmations are from 2026-10-01; the due re-confirmations date from 2024-04-01, so they stay due.
 * Sign-in data is added by the identity issue.
 */
export interface DemoCustomer {
  id: string;
  accountNumber: string;
  branchCode: string;
  /** Display name, last name first (spec §3 unmasked user). */
  name: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  role: AccountRole;
  equityStatus: EquityStatus;
  locked: boolean;
  lastConfirmedOn: string | null;
  birthDate: string | null;
  email: string;
  /**
   * When the customer moved from the legacy sign-in to the identity service (/v6/users/migratedStatus);
   * null: not yet. Set in the database by seedDemoRootLoading (demo-root-loading.ts).
   */
  identityMigratedAt: Date | null;
  /** What signing in as this customer demonstrates. */
  demonstrates: { ja: string; en: string };
}

type DemoCustomerInput = Omit<
  DemoCustomer,
  'name' | 'branchCode' | 'locked' | 'equityStatus' | 'identityMigratedAt'
> &
  Partial<Pick<DemoCustomer, 'locked' | 'equityStatus' | 'identityMigratedAt'>>;

/** When the demo customers moved to the identity service, unless one says otherwise. */
const demoIdentityMigratedAt = new Date('2026-04-01T09:00:00+09:00');

function demoCustomer(input: DemoCustomerInput): DemoCustomer {
  return {
    branchCode: '001',
    equityStatus: 'OPEN',
    locked: false,
    identityMigratedAt: demoIdentityMigratedAt,
    ...input,
    name: [input.lastName, input.firstName].filter((part) => part !== '').join(' '),
  };
}

/** 口座番号 of the main demo customer, who has notices in both categories, some read and some unread. */
export const mainDemoAccountNumber = '1000001';

export const demoCustomers: readonly DemoCustomer[] = [
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000001',
    accountNumber: mainDemoAccountNumber,
    lastName: '青木',
    firstName: '健太',
    lastNameKana: 'アオキ',
    firstNameKana: 'ケンタ',
    role: 'ADULT',
    lastConfirmedOn: '2026-10-01',
    birthDate: '1986-05-14',
    email: 'kenta.aoki@example.jp',
    demonstrates: {
      ja: 'メインのデモ顧客（成人・NISA）。お知らせの未読・既読あり',
      en: 'Main demo customer (adult, NISA); read and unread notices',
    },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000002',
    accountNumber: '1000002',
    lastName: '株式会社みどり商事',
    firstName: '',
    lastNameKana: 'カブシキガイシャミドリショウジ',
    firstNameKana: '',
    role: 'CORPORATION',
    lastConfirmedOn: '2026-10-01',
    birthDate: null,
    email: 'keiri@midori-shoji.example.jp',
    // the one demo customer still on the legacy sign-in: /v6/users/migratedStatus answers migrated false
    identityMigratedAt: null,
    demonstrates: { ja: '法人口座', en: 'Corporate account' },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000003',
    accountNumber: '1000003',
    lastName: '青木',
    firstName: 'さくら',
    lastNameKana: 'アオキ',
    firstNameKana: 'サクラ',
    role: 'CHILD',
    lastConfirmedOn: '2026-10-01',
    birthDate: '2012-07-03',
    email: 'kenta.aoki@example.jp', // the parent's address, as minors' accounts usually carry
    demonstrates: { ja: '未成年口座（メイン顧客の子）', en: "Minor's account (child of the main customer)" },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000004',
    accountNumber: '1000004',
    lastName: '青木',
    firstName: '蓮',
    lastNameKana: 'アオキ',
    firstNameKana: 'レン',
    role: 'JUNIOR_NISA',
    lastConfirmedOn: '2026-10-01',
    birthDate: '2015-09-20',
    email: 'kenta.aoki@example.jp',
    demonstrates: { ja: 'ジュニアNISA口座', en: 'Junior NISA account' },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000005',
    accountNumber: '1000005',
    lastName: '石井',
    firstName: '直人',
    lastNameKana: 'イシイ',
    firstNameKana: 'ナオト',
    role: 'ADULT',
    locked: true,
    lastConfirmedOn: '2026-10-01',
    birthDate: '1979-02-08',
    email: 'naoto.ishii@example.jp',
    demonstrates: {
      ja: 'アカウントロック中（ロック画面）',
      en: 'Locked account (locked screen, 400-100)',
    },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000006',
    accountNumber: '1000006',
    lastName: '上田',
    firstName: '美咲',
    lastNameKana: 'ウエダ',
    firstNameKana: 'ミサキ',
    role: 'ADULT',
    equityStatus: 'CLOSE',
    lastConfirmedOn: '2026-10-01',
    birthDate: '1990-11-30',
    email: 'misaki.ueda@example.jp',
    demonstrates: { ja: '口座閉鎖済み（閉鎖画面）', en: 'Closed account (closed-account screen)' },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000007',
    accountNumber: '1000007',
    lastName: '岡本',
    firstName: '翔',
    lastNameKana: 'オカモト',
    firstNameKana: 'ショウ',
    role: 'ADULT',
    equityStatus: 'NONE',
    lastConfirmedOn: null,
    birthDate: '1998-04-22',
    email: 'sho.okamoto@example.jp',
    demonstrates: {
      ja: '口座未開設（口座開設サイトへ移動）',
      en: 'No account opened yet (sent to the account-opening site)',
    },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000008',
    accountNumber: '1000008',
    lastName: '加藤',
    firstName: '由美',
    lastNameKana: 'カトウ',
    firstNameKana: 'ユミ',
    role: 'ADULT',
    lastConfirmedOn: '2024-04-01',
    birthDate: '1972-12-05',
    email: 'yumi.kato@example.jp',
    demonstrates: {
      ja: '年1回のお客さま情報の再確認が必要（確認画面が出る）',
      en: 'Yearly re-confirmation due (confirmation screen shows)',
    },
  }),
  demoCustomer({
    id: '10000000-0000-4000-8000-000000000009',
    accountNumber: '1000009',
    lastName: '木村',
    firstName: '大輔',
    lastNameKana: 'キムラ',
    firstNameKana: 'ダイスケ',
    role: 'ADULT',
    lastConfirmedOn: '2024-04-01',
    birthDate: '1983-08-17',
    email: 'daisuke.kimura@example.jp',
    demonstrates: {
      ja: '再確認の期限切れだが変更申請が受付中（確認画面は出ない）',
      en: 'Re-confirmation overdue but an update request is pending (no confirmation screen)',
    },
  }),
];
