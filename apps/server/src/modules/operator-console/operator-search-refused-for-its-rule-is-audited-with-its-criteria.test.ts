import { demoOperators, seedDemoData } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { callAs, manySignInsEnv } from '../../test/customer-session.ts';
import { signInOperator } from '../../test/operator-session.ts';
import { buildTestApp } from '../../test/test-app.ts';

// Issue 25: a 1,000-character フリガナ search was refused by the route's validation before the handler, so it
// never reached 操作履歴, and the trail's search rows carried no criteria, so two searches looked the same.

const startup = 90_000;
const operator02 = demoOperators.find((operator) => operator.loginId === 'operator02')!;

let database: TestDatabase;
let app: App;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv });
  token = (await signInOperator(app, operator02)).access_token;
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

interface TrailEntry {
  action: string;
  outcome: string;
  reason: string | null;
  search: {
    accountNumber: string | null;
    nameKana: string | null;
    nameKanaLength: number | null;
    matches: number | null;
  } | null;
}

const trail = async () =>
  (await callAs(app, token, '/v1/operator/auditTrail?limit=10')).json<{ entries: TrailEntry[] }>().entries;

describe('an operator’s search in 操作履歴', { timeout: startup }, () => {
  it('refuses a 1,000-character フリガナ with the rule’s reason (50 characters at most) and audits it', async () => {
    const long = 'ア'.repeat(1000);
    const response = await callAs(app, token, `/v1/operator/customers?nameKana=${encodeURIComponent(long)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'フリガナは50文字以内で入力してください。' });
    const [latest] = await trail();
    expect(latest).toEqual(
      expect.objectContaining({
        action: 'operator.customer_search',
        outcome: 'refused',
        reason: 'invalid_criteria',
        search: { accountNumber: null, nameKana: 'ア'.repeat(50), nameKanaLength: 1000, matches: null },
      }),
    );
  });

  it('tells two searches apart by their criteria and matches', async () => {
    expect((await callAs(app, token, '/v1/operator/customers?accountNumber=1000001')).statusCode).toBe(200);
    expect(
      (await callAs(app, token, `/v1/operator/customers?nameKana=${encodeURIComponent('アオキ')}`))
        .statusCode,
    ).toBe(200);
    const [second, first] = await trail();
    expect(second?.search).toEqual({
      accountNumber: null,
      nameKana: 'アオキ',
      nameKanaLength: null,
      matches: 3,
    });
    expect(first?.search).toEqual({
      accountNumber: '1000001',
      nameKana: null,
      nameKanaLength: null,
      matches: 1,
    });
  });
});
