import { auditLog, customerAgents, demoCustomers, informations, mailOutbox, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { callAs, manySignInsEnv, signInCustomer } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

const startup = 60_000;
const demoPassword = 'Demo-Pass-2026';

let database: TestDatabase;
let app: App;
const tokens = new Map<string, string>();

function customerId(accountNumber: string): string {
  return demoCustomers.find((candidate) => candidate.accountNumber === accountNumber)!.id;
}

async function tokenOf(accountNumber: string): Promise<string> {
  const known = tokens.get(accountNumber);
  if (known !== undefined) return known;
  const token = (await signInCustomer(app, accountNumber)).access_token;
  tokens.set(accountNumber, token);
  return token;
}

async function getAgent(accountNumber: string) {
  return callAs(app, await tokenOf(accountNumber), '/v6/agent');
}

async function putAgent(accountNumber: string, payload: Record<string, unknown>) {
  return callAs(app, await tokenOf(accountNumber), '/v6/agent', { method: 'PUT', payload });
}

const mother = {
  lastName: '青木',
  firstName: '美香',
  lastNameKana: 'アオキ',
  firstNameKana: 'ミカ',
  relationship: 'MOTHER',
};

async function auditRows(accountNumber: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectCustomerId, customerId(accountNumber)),
        eq(auditLog.action, 'customer.agent_change'),
      ),
    )
    .orderBy(desc(auditLog.occurredAt));
}

async function noticesOf(accountNumber: string) {
  return database.db
    .select()
    .from(informations)
    .where(eq(informations.customerId, customerId(accountNumber)));
}

async function mailsTo(address: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('代理人 of an account: GET /v6/agent (decision 020)', { timeout: startup }, () => {
  it('a corporation has its 代表者 with a title', async () => {
    const response = await getAgent('1000002');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'REPRESENTATIVE',
      agent: { kind: 'REPRESENTATIVE', lastName: '緑川', firstName: '誠', relationship: '代表取締役' },
    });
  });

  it.each(['1000003', '1000004'])('the minor %s has a 法定代理人, the father', async (accountNumber) => {
    const response = await getAgent(accountNumber);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'LEGAL_GUARDIAN',
      agent: { kind: 'LEGAL_GUARDIAN', lastName: '青木', firstName: '健太', relationship: 'FATHER' },
    });
  });

  it('an adult account has none: 400-666 for reading and for changing', async () => {
    const read = await getAgent('1000001');
    expect(read.statusCode).toBe(400);
    expect(read.json()).toMatchObject({ code: '400-666' });
    const change = await putAgent('1000001', { ...mother, currentPassword: demoPassword });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ code: '400-666' });
    expect(await auditRows('1000001')).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/v6/agent',
      headers: { host: 'localhost:3000' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('changing the 代理人: PUT /v6/agent', { timeout: startup }, () => {
  it('requires the current password (re-authentication) before anything changes', async () => {
    const response = await putAgent('1000004', { ...mother });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'currentPassword', message: '現在のパスワードを入力してください。' },
    ]);
    expect((await getAgent('1000004')).json()).toMatchObject({ agent: { firstName: '健太' } });
  });

  it('refuses a wrong current password at its field, audits the refusal and changes nothing', async () => {
    const noticesBefore = (await noticesOf('1000004')).length;
    const response = await putAgent('1000004', { ...mother, currentPassword: 'Not-The-Password-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'currentPassword', message: '現在のパスワードが正しくありません。' },
    ]);
    expect((await getAgent('1000004')).json()).toMatchObject({ agent: { firstName: '健太' } });
    const [refusal] = await auditRows('1000004');
    expect(refusal).toMatchObject({
      outcome: 'refused',
      actorType: 'customer',
      details: { kind: 'LEGAL_GUARDIAN', reason: 'wrong_password' },
    });
    expect(await noticesOf('1000004')).toHaveLength(noticesBefore);
  });

  it('refuses a 法定代理人 relationship other than 父, 母 or 未成年後見人', async () => {
    const response = await putAgent('1000004', {
      ...mother,
      relationship: '叔父',
      currentPassword: demoPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'relationship', message: '続柄は「父」「母」「未成年後見人」から選んでください。' },
    ]);
  });

  it('refuses a name in kana that is not katakana, with the field named in Japanese', async () => {
    const response = await putAgent('1000004', {
      ...mother,
      firstNameKana: 'みか',
      currentPassword: demoPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'firstNameKana', message: '名（フリガナ）は全角カタカナで入力してください。' },
    ]);
  });

  it('changes a minor’s 法定代理人 with the password: audited, a notice and a mail to the account address', async () => {
    const mailsBefore = (await mailsTo('kenta.aoki@example.jp')).length;
    const response = await putAgent('1000003', { ...mother, currentPassword: demoPassword });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'LEGAL_GUARDIAN',
      agent: { lastName: '青木', firstName: '美香', firstNameKana: 'ミカ', relationship: 'MOTHER' },
    });
    expect((await getAgent('1000003')).json()).toMatchObject({ agent: { firstName: '美香' } });

    const [allowed] = await auditRows('1000003');
    expect(allowed).toMatchObject({
      outcome: 'allowed',
      actorType: 'customer',
      actorId: customerId('1000003'),
      details: { kind: 'LEGAL_GUARDIAN', replaced: true },
    });
    expect(JSON.stringify(allowed?.details)).not.toContain('美香');

    const notices = await noticesOf('1000003');
    const notice = notices.find((row) => row.title === '法定代理人の変更を受け付けました');
    expect(notice).toMatchObject({ category: 'important' });
    expect(notice?.body).toContain('青木 美香 様');

    const mails = await mailsTo('kenta.aoki@example.jp');
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.find((row) => row.kind === 'agent-changed');
    expect(mail?.subject).toContain('法定代理人変更のお知らせ');
    expect(mail?.textBody).toContain('新しい法定代理人：青木 美香 様');
  });

  it('changes a corporation’s 代表者 and its title', async () => {
    const response = await putAgent('1000002', {
      lastName: '山本',
      firstName: '直樹',
      lastNameKana: 'ヤマモト',
      firstNameKana: 'ナオキ',
      relationship: '代表取締役社長',
      currentPassword: demoPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: 'REPRESENTATIVE',
      agent: { lastName: '山本', relationship: '代表取締役社長' },
    });
    const [row] = await database.db
      .select()
      .from(customerAgents)
      .where(eq(customerAgents.customerId, customerId('1000002')));
    expect(row).toMatchObject({ kind: 'REPRESENTATIVE', firstName: '直樹' });
    const mails = await mailsTo('keiri@midori-shoji.example.jp');
    expect(mails.some((mail) => mail.subject.includes('代表者変更のお知らせ'))).toBe(true);
  });
});
