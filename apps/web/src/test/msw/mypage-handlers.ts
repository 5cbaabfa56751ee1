import type {
  AccountTransferAccount,
  CreditCard,
  DeliveredDocumentDetail,
  DeliveredDocumentReadAnswer,
  DeliveredDocuments,
  LoginAttempts,
  UserProfile,
  UserSessions,
} from '@fund/contracts';
import { DocumentsPath, SaisonConnectPath } from '@fund/contracts/paths';
import { http, HttpResponse, type RequestHandler } from 'msw';

/** The identity API's calls as the web app makes them (base URL /auth/v1 in tests). */
export const identityTestPath = {
  userProfile: '/auth/v1/user/profile',
  userSessions: '/auth/v1/user/sessions',
  userLoginAttempts: '/auth/v1/user/login_attempts',
} as const;

/** `GET /v1/documents/{id}` as MSW matches it. */
export const documentTestPath = DocumentsPath.detail;

/** `PUT /v1/documents/{id}/read` as MSW matches it. */
export const documentReadTestPath = DocumentsPath.read;

export const creditCardFixture = {
  creditCard: {
    cardName: 'セゾンカードインターナショナル',
    last4: '4242',
    expiry: '2029-03',
    pointsEarning: true,
    state: 'ACTIVE',
    linkedOn: '2025-04-10',
  },
} satisfies CreditCard;

export const bankAccountFixture = {
  account: {
    bankCode: '0005',
    bankName: 'みらい銀行',
    branchCode: '123',
    branchName: '本店営業部',
    accountType: 'ORDINARY',
    accountNumberLast3: '567',
    holderNameKana: 'アオキ ケンタ',
  },
} satisfies AccountTransferAccount;

export const userProfileFixture = {
  accountNumber: '1234567',
  branchCode: '001',
  lastName: '青木',
  firstName: '健太',
  email: 'aoki@example.jp',
  accountRole: 'ADULT',
} satisfies UserProfile;

export const userSessionsFixture = {
  sessions: [
    {
      id: 'grant-web',
      clientId: 'fund-web',
      createdAt: '2026-11-25T00:05:00.000Z',
      lastUsedAt: '2026-11-25T00:15:00.000Z',
    },
    {
      id: 'grant-device',
      clientId: 'fund-device',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: null,
    },
  ],
} satisfies UserSessions;

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export const loginAttemptsFixture = {
  attempts: [
    {
      occurredAt: '2026-11-25T00:05:00.000Z',
      outcome: 'succeeded',
      ip: '192.0.2.10',
      userAgent: iPhoneSafari,
    },
    {
      occurredAt: '2026-11-24T23:59:00.000Z',
      outcome: 'wrong_password',
      ip: '192.0.2.10',
      userAgent: iPhoneSafari,
    },
  ],
} satisfies LoginAttempts;

/**
 * The customer's 電子交付書面, newest first as the server lists them: one of each kind, the two newest not
 * opened yet (未読).
 */
export const documentsFixture = {
  documents: [
    {
      id: '0193a000-0000-7000-8000-000000000003',
      kind: 'TRADE_REPORT',
      title: '取引報告書（セゾン・グローバル 買付 2026年11月20日約定）',
      issuedOn: '2026-11-25',
      orderId: '0193a000-0000-7000-8000-0000000000aa',
      read: false,
    },
    {
      id: '0193a000-0000-7000-8000-000000000002',
      kind: 'BALANCE_REPORT',
      title: '取引残高報告書（2026年9月30日現在）',
      issuedOn: '2026-10-01',
      orderId: null,
      read: false,
    },
    {
      id: '0193a000-0000-7000-8000-000000000001',
      kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
      title: '特定口座年間取引報告書（2025年分）',
      issuedOn: '2026-01-20',
      orderId: null,
      read: true,
    },
  ],
} satisfies DeliveredDocuments;

/** A document's body as the server issues it (decision 017): a heading and a table of figures. */
export function documentDetailFixture(id: string): DeliveredDocumentDetail {
  const summary = documentsFixture.documents.find((document) => document.id === id)!;
  return {
    document: {
      ...summary,
      body: [
        '<article class="delivered-document">',
        `<h2>${summary.title}</h2>`,
        '<table class="document-rows"><tbody>',
        '<tr><th scope="row">交付日</th><td>' + summary.issuedOn + '</td></tr>',
        '<tr><th scope="row">お客さま</th><td>青木 健太 様</td></tr>',
        '</tbody></table>',
        '</article>',
      ].join(''),
    },
  };
}

/**
 * Default answers of the calls my page owns (decision 012): a linked card, a registered bank account, the
 * identity service's profile, sessions and sign-in history, and three documents (a known one is marked
 * read; the answer does not change the list, which the web app updates in its cache).
 */
export const mypageHandlers: RequestHandler[] = [
  http.get(SaisonConnectPath.creditCard, () => HttpResponse.json(creditCardFixture)),
  http.get(SaisonConnectPath.accountTransferAccount, () => HttpResponse.json(bankAccountFixture)),
  http.get(identityTestPath.userProfile, () => HttpResponse.json(userProfileFixture)),
  http.get(identityTestPath.userSessions, () => HttpResponse.json(userSessionsFixture)),
  http.get(identityTestPath.userLoginAttempts, () => HttpResponse.json(loginAttemptsFixture)),
  http.get(DocumentsPath.list, () => HttpResponse.json(documentsFixture)),
  http.get(documentTestPath, ({ params }) => {
    const known = documentsFixture.documents.some((document) => document.id === params.id);
    return known
      ? HttpResponse.json(documentDetailFixture(String(params.id)))
      : HttpResponse.json({ type: '404-000', detail: 'not found' }, { status: 404 });
  }),
  http.put(documentReadTestPath, ({ params }) => {
    const known = documentsFixture.documents.some((document) => document.id === params.id);
    return known
      ? HttpResponse.json({
          document: { id: String(params.id), read: true, readAt: '2026-11-26T09:00:00.000+09:00' },
        } satisfies DeliveredDocumentReadAnswer)
      : HttpResponse.json({ code: '404-000', message: 'ご指定の書面が見つかりません。' }, { status: 404 });
  }),
];
