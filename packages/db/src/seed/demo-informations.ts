import type { InformationCategory } from '../schema/index.ts';
import { mainDemoAccountNumber } from './demo-customers.ts';

export interface DemoInformation {
  id: string;
  /** Null: for every customer. */
  accountNumber: string | null;
  category: InformationCategory;
  title: string;
  body: string;
  publishedAt: Date;
}

export interface DemoInformationRead {
  accountNumber: string;
  informationId: string;
  readAt: Date;
}

const ids = {
  maintenance: '20000000-0000-4000-8000-000000000001',
  yearEnd: '20000000-0000-4000-8000-000000000002',
  prospectus: '20000000-0000-4000-8000-000000000003',
  campaign: '20000000-0000-4000-8000-000000000004',
  appRelease: '20000000-0000-4000-8000-000000000005',
  debitFailed: '20000000-0000-4000-8000-000000000006',
  tradeReport: '20000000-0000-4000-8000-000000000007',
  points: '20000000-0000-4000-8000-000000000008',
  reconfirmation: '20000000-0000-4000-8000-000000000009',
} as const;

// Rich text uses only what the display allow-list keeps (spec §5): block and inline tags, lists, links,
// same-origin images, div classes fs-s / text-right / mgt-1 and span class text-alert. The image is the
// app's own icon: the CSP allows images from our own origin only.
const maintenanceBody = [
  '<p>いつも当社のサービスをご利用いただき、誠にありがとうございます。</p>',
  '<p>システムの安定稼働のため、下記の日時にメンテナンスを実施いたします。</p>',
  '<div class="mgt-1"><strong>実施日時</strong>：2026年12月6日（日）3:30～7:30</div>',
  '<p>メンテナンス中は、ログインを含む次のサービスをご利用いただけません。</p>',
  '<ul><li>ログイン</li><li>ご注文・積立の設定</li><li>資産状況・取引履歴の照会</li></ul>',
  '<p><span class="text-alert">※作業の状況により、終了時刻が前後する場合がございます。</span></p>',
  '<p>今後の予定は<a href="https://www.example.jp/news/maintenance">メンテナンス情報</a>でもご確認いただけます。</p>',
  '<div class="fs-s text-right"><img src="/favicon.svg" alt="" width="16" height="16"> お客さま窓口</div>',
].join('');

export const demoInformations: readonly DemoInformation[] = [
  {
    id: ids.maintenance,
    accountNumber: null,
    category: 'important',
    title: 'システムメンテナンスのお知らせ（12月6日）',
    body: maintenanceBody,
    publishedAt: new Date('2026-11-16T09:00:00+09:00'),
  },
  {
    id: ids.yearEnd,
    accountNumber: null,
    category: 'important',
    title: '年末年始の営業日とお取引について',
    body: '<p>12月31日（木）から1月3日（日）までは休業日のため、この期間にいただいたご注文は1月4日（月）の受付として取り扱います。</p>',
    publishedAt: new Date('2026-11-10T09:00:00+09:00'),
  },
  {
    id: ids.prospectus,
    accountNumber: null,
    category: 'important',
    title: '投資信託説明書（交付目論見書）改訂のお知らせ',
    body: '<p>取扱ファンドの投資信託説明書（交付目論見書）を改訂しました。ご購入の前に、改訂後の内容を必ずご確認ください。</p>',
    publishedAt: new Date('2026-10-15T09:00:00+09:00'),
  },
  {
    id: ids.campaign,
    accountNumber: null,
    category: 'others',
    title: '「はじめての積立」キャンペーンのご案内',
    body: '<p>期間中に積立購入を新たに設定されたお客さまに、ポイントをプレゼントいたします。詳しくはキャンペーンページをご覧ください。</p>',
    publishedAt: new Date('2026-11-02T09:00:00+09:00'),
  },
  {
    id: ids.appRelease,
    accountNumber: null,
    category: 'others',
    title: 'アプリの新しいバージョン（1.1.1）を公開しました',
    body: '<p>より快適にご利用いただけるよう、アプリを更新しました。ストアから最新版へのアップデートをお願いいたします。</p>',
    publishedAt: new Date('2026-10-20T09:00:00+09:00'),
  },
  {
    id: ids.debitFailed,
    accountNumber: mainDemoAccountNumber,
    category: 'important',
    title: '積立購入代金の引落しができませんでした',
    body: '<p>11月分の積立購入代金を、ご指定の口座から引き落とすことができませんでした。今月分の積立購入は行われません。口座残高をご確認ください。</p>',
    publishedAt: new Date('2026-11-18T09:00:00+09:00'),
  },
  {
    id: ids.tradeReport,
    accountNumber: mainDemoAccountNumber,
    category: 'others',
    title: '取引報告書を電子交付しました',
    body: '<p>お取引の取引報告書を電子交付いたしました。マイページの電子交付書面からご確認いただけます。</p>',
    publishedAt: new Date('2026-11-05T09:00:00+09:00'),
  },
  {
    id: ids.points,
    accountNumber: mainDemoAccountNumber,
    category: 'others',
    title: 'ポイント付与のお知らせ',
    // the grant the batch made for the card 積立 debited on 27 October (20,000 yen × 0.5 %, decision 018)
    body: '<p>2026年10月27日のクレジットカードでの積立（20,000円）に応じて、100ポイントを付与しました。</p>',
    publishedAt: new Date('2026-10-27T18:30:00+09:00'),
  },
  {
    id: ids.reconfirmation,
    accountNumber: '1000008',
    category: 'important',
    title: 'お客さま情報のご確認のお願い',
    body: '<p>前回のご確認から1年が経過しました。ログイン後に表示される画面から、お客さま情報のご確認をお願いいたします。</p>',
    publishedAt: new Date('2026-11-12T09:00:00+09:00'),
  },
];

export const demoInformationReads: readonly DemoInformationRead[] = [
  {
    accountNumber: mainDemoAccountNumber,
    informationId: ids.yearEnd,
    readAt: new Date('2026-11-11T08:12:00+09:00'),
  },
  {
    accountNumber: mainDemoAccountNumber,
    informationId: ids.appRelease,
    readAt: new Date('2026-10-21T19:40:00+09:00'),
  },
  {
    accountNumber: mainDemoAccountNumber,
    informationId: ids.points,
    readAt: new Date('2026-10-26T07:55:00+09:00'),
  },
  // another customer's reads must not change the main customer's counts
  { accountNumber: '1000008', informationId: ids.maintenance, readAt: new Date('2026-11-17T12:00:00+09:00') },
];

/**
 * What the main demo customer's badges show: important = maintenance, prospectus, debit failed;
 * others = campaign, trade report. Kept beside the data so a change to one shows in the other.
 */
export const mainDemoCustomerUnread = { important: 3, others: 2 } as const;
