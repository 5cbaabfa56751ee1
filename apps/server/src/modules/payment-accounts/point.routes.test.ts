import { linkedCards, pointsLedger, type NewLinkedCard } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { jstInstant } from '@fund/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { setCardServiceMaintenance } from '../../test/card-issuer-flow.ts';
import { manySignInsEnv } from '../../test/customer-session.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { accessTokenOf, insertCustomer, send, TestClock } from '../../test/trading-fixtures.ts';

const startup = 120_000;
const path = '/v1/cashflows/saisonConnect/point';

let database: TestDatabase;
let app: App;
const clock = new TestClock();
const ids = new Map<string, string>();
const tokens = new Map<string, string>();

const active = '2200001';
const activeNoPoints = '2200002';
const noCard = '2200003';
const reRegister = '2200004';
const notPointsCard = '2200005';
const expiredState = '2200006';
const pastExpiry = '2200007';

function card(customer: string, overrides: Partial<NewLinkedCard> = {}): NewLinkedCard {
  return {
    customerId: ids.get(customer)!,
    issuerSubject: `subject-${customer}`,
    cardName: 'セゾンカードインターナショナル',
    last4: '1234',
    expiry: '2030-12',
    state: 'ACTIVE',
    pointsEarning: true,
    linkedOn: '2026-01-05',
    ...overrides,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const customer of [
    active,
    activeNoPoints,
    noCard,
    reRegister,
    notPointsCard,
    expiredState,
    pastExpiry,
  ]) {
    ids.set(customer, await insertCustomer(database.db, customer));
  }
  await database.db.insert(linkedCards).values([
    card(active),
    card(activeNoPoints),
    card(reRegister, { state: 'RE_REGISTRATION_REQUIRED' }),
    card(notPointsCard, { state: 'NOT_POINTS_CARD', pointsEarning: false }),
    card(expiredState, { state: 'EXPIRED' }),
    // the issuer still says ACTIVE, but the card's month has passed (October 2026 is the business day)
    card(pastExpiry, { expiry: '2026-09' }),
  ]);
  await database.db.insert(pointsLedger).values([
    { customerId: ids.get(active)!, kind: 'EARNED', points: 1_200n, occurredOn: '2026-08-27' },
    {
      customerId: ids.get(active)!,
      kind: 'GRANTED',
      points: 345n,
      occurredOn: '2026-09-01',
      note: 'キャンペーン',
    },
    // points earned with a card since unlinked: no card now shows no balance
    { customerId: ids.get(noCard)!, kind: 'EARNED', points: 500n, occurredOn: '2026-08-27' },
  ]);
  app = await buildTestApp({ database: { ...database, close: async () => {} }, env: manySignInsEnv, clock });
  for (const customer of ids.keys()) tokens.set(customer, await accessTokenOf(app, customer));
  // the business day the balance is as of; set after sign-in, whose tokens are issued at the real time
  clock.instant = jstInstant(2026, 10, 30, 23, 30);
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const reRegisterMessage =
  'スポット購入でポイントをご利用いただくには、ポイント対象のクレジットカードの再登録が必要です。再登録されたカードが積立のお支払い方法になります。';

describe('GET /v1/cashflows/saisonConnect/point (point balance)', { timeout: startup }, () => {
  it('answers the sum of the points ledger, as of the JST day, for a linked points card in good standing', async () => {
    const response = await send(app, tokens.get(active)!, 'GET', path);
    expect(response.statusCode).toBe(200);
    // 23:30 JST on 30 October is still the 30th in Tokyo (14:30 UTC)
    expect(response.json()).toEqual({ point: { balance: '1545', asOf: '2026-10-30' } });
  });

  it('answers 0 points for a linked points card that never earned any', async () => {
    const response = await send(app, tokens.get(activeNoPoints)!, 'GET', path);
    expect(response.json()).toEqual({ point: { balance: '0', asOf: '2026-10-30' } });
  });

  it.each([
    [
      'no card is linked (points earned with an earlier card stay hidden)',
      noCard,
      '400-100',
      'クレジットカードが登録されていません。ポイントをご利用いただくには、クレジットカードを登録してください。',
    ],
    ['the issuer asks for the card to be registered again', reRegister, '400-101', reRegisterMessage],
    [
      'the card earns no points',
      notPointsCard,
      '400-102',
      'ご登録のクレジットカードはポイントの対象外です。ポイントをご利用いただくには、ポイント対象のカードが必要です。',
    ],
    ['the issuer reports the card expired', expiredState, '400-103', reRegisterMessage],
    ['the card’s 有効期限 month has passed', pastExpiry, '400-103', reRegisterMessage],
  ])('answers %s with its code and Japanese message', async (_, customer, code, message) => {
    const response = await send(app, tokens.get(customer)!, 'GET', path);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message });
  });

  it('answers 400-503 to everyone while the issuer’s card service is under maintenance, and the balance after', async () => {
    await setCardServiceMaintenance(app, true);
    try {
      for (const customer of [active, noCard, reRegister]) {
        const response = await send(app, tokens.get(customer)!, 'GET', path);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: '400-503' });
      }
    } finally {
      await setCardServiceMaintenance(app, false);
    }
    const response = await send(app, tokens.get(active)!, 'GET', path);
    expect(response.json()).toEqual({ point: { balance: '1545', asOf: '2026-10-30' } });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(401);
  });
});
