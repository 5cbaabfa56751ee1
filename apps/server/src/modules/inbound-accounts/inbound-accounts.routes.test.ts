import { InboundPath } from '@fund/contracts';
import { auditLog, cashflows, customerAccounts, customers } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import {
  cashOf,
  expectLedgerConsistent,
  insertCustomer as insertTradingCustomer,
} from '../../jobs/test/batch-fixtures.ts';
import { signedHeaders } from '../../plugins/signed-inbound.ts';
import { buildTestApp } from '../../test/test-app.ts';

const key = 'inbound-accounts-test-key-of-32-characters-or-more';

describe('the account-opening site and the trading system tell us about accounts', () => {
  let database: TestDatabase;
  let app: App;
  const send = (path: string, event: object, signWith = key) => {
    const body = JSON.stringify(event);
    return app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: { 'content-type': 'application/json', ...signedHeaders(signWith, body) },
    });
  };
  const customerNumbered = async (accountNumber: string) =>
    (await database.db.select().from(customers).where(eq(customers.accountNumber, accountNumber)))[0];
  const accountsOf = async (customerId: string) =>
    database.db
      .select({ type: customerAccounts.accountType, closedOn: customerAccounts.closedOn })
      .from(customerAccounts)
      .where(eq(customerAccounts.customerId, customerId))
      .orderBy(customerAccounts.accountType);

  const opened = {
    type: 'account.opened',
    eventId: 'ao-2026-11-27-0001',
    occurredAt: '2026-11-27T10:00:00+09:00',
    accountNumber: '3000001',
    branchCode: '101',
    accountRole: 'ADULT',
    accounts: [
      { type: 'specific', openedOn: '2026-11-27' },
      { type: 'nisa2_tsumitate', openedOn: '2026-11-27' },
      { type: 'nisa2_growth', openedOn: '2026-11-27' },
    ],
    confirmedOn: '2026-11-27',
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // signed up here: a customer with a 口座番号 and no account yet (equity NONE)
    await database.db.insert(customers).values({
      accountNumber: '3000001',
      branchCode: '001',
      lastName: '開設',
      firstName: '花子',
      lastNameKana: 'カイセツ',
      firstNameKana: 'ハナコ',
      accountRole: 'ADULT',
      equityStatus: 'NONE',
      birthDate: '1990-05-05',
      email: 'kaisetsu@example.jp',
    });
    app = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: { PARTNER_INBOUND_KEYS: key },
    });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('account-opened-event-opens-the-signed-up-customers-accounts-once-a-resend-changes-nothing', async () => {
    const response = await send(InboundPath.accountEvents, opened);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ eventId: 'ao-2026-11-27-0001', status: 'applied' });
    const customer = await customerNumbered('3000001');
    expect(customer).toMatchObject({
      equityStatus: 'OPEN',
      branchCode: '101',
      lastConfirmedOn: '2026-11-27',
    });
    expect((await accountsOf(customer!.id)).map((account) => account.type)).toEqual([
      'specific',
      'nisa2_tsumitate',
      'nisa2_growth',
    ]);
    expect((await send(InboundPath.accountEvents, opened)).json()).toEqual({
      eventId: 'ao-2026-11-27-0001',
      status: 'already-applied',
    });
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'inbound.account.opened'), eq(auditLog.subjectCustomerId, customer!.id)),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: 'partner:account-opening',
      details: expect.objectContaining({ eventId: 'ao-2026-11-27-0001' }),
    });
  });

  it('account-event-refused-unsigned-reused-id-with-another-body-or-unknown-number-without-profile', async () => {
    expect((await send(InboundPath.accountEvents, opened, 'w'.repeat(40))).statusCode).toBe(401);
    const reused = await send(InboundPath.accountEvents, { ...opened, branchCode: '102' });
    expect(reused.statusCode).toBe(409);
    const unknown = await send(InboundPath.accountEvents, {
      ...opened,
      eventId: 'ao-2',
      accountNumber: '3999999',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: '422-000', message: expect.stringContaining('profile') });
    const malformed = await send(InboundPath.accountEvents, {
      ...opened,
      eventId: 'ao-3',
      accountNumber: '12',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('account-opened-event-for-a-customer-opened-elsewhere-creates-them-from-the-profile', async () => {
    const response = await send(InboundPath.accountEvents, {
      ...opened,
      eventId: 'ao-4',
      accountNumber: '3000002',
      accounts: [{ type: 'specific', openedOn: '2026-11-27' }],
      profile: {
        lastName: '窓口',
        firstName: '太郎',
        lastNameKana: 'マドグチ',
        firstNameKana: 'タロウ',
        birthDate: '1970-01-15',
        email: 'madoguchi@example.jp',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await customerNumbered('3000002')).toMatchObject({
      equityStatus: 'OPEN',
      lastName: '窓口',
      email: 'madoguchi@example.jp',
    });
  });

  it('account-updated-event-records-the-reconfirmation-a-new-address-and-closes-an-empty-nisa-account', async () => {
    const response = await send(InboundPath.accountEvents, {
      type: 'account.updated',
      eventId: 'au-1',
      occurredAt: '2027-11-20T09:00:00+09:00',
      accountNumber: '3000001',
      profile: { email: 'hanako.new@example.jp' },
      confirmedOn: '2027-11-20',
      accountsClosed: [{ type: 'nisa2_growth', closedOn: '2027-11-20' }],
    });
    expect(response.statusCode).toBe(200);
    const customer = await customerNumbered('3000001');
    expect(customer).toMatchObject({ email: 'hanako.new@example.jp', lastConfirmedOn: '2027-11-20' });
    expect(await accountsOf(customer!.id)).toContainEqual({ type: 'nisa2_growth', closedOn: '2027-11-20' });
  });

  it('trading-status-event-locks-and-unlocks-the-customer', async () => {
    const status = (eventId: string, locked: boolean) => ({
      type: 'trading.status',
      eventId,
      occurredAt: '2026-11-28T09:00:00+09:00',
      accountNumber: '3000001',
      locked,
    });
    expect((await send(InboundPath.tradingStatus, status('ts-1', true))).statusCode).toBe(200);
    expect((await customerNumbered('3000001'))?.locked).toBe(true);
    expect((await send(InboundPath.tradingStatus, status('ts-2', false))).statusCode).toBe(200);
    expect((await customerNumbered('3000001'))?.locked).toBe(false);
    expect(
      (await send(InboundPath.tradingStatus, { ...status('ts-3', true), accountNumber: '3999998' }))
        .statusCode,
    ).toBe(404);
  });

  it('account-closed-event-is-refused-while-cash-remains-and-closes-an-empty-account', async () => {
    const withCash = await insertTradingCustomer(database, { fundIds: [], cash: 5_000n });
    const [holder] = await database.db.select().from(customers).where(eq(customers.id, withCash));
    const closing = (eventId: string, accountNumber: string) => ({
      type: 'account.closed',
      eventId,
      occurredAt: '2026-11-28T09:00:00+09:00',
      accountNumber,
      closedOn: '2026-11-28',
    });
    const refused = await send(InboundPath.accountEvents, closing('ac-1', holder!.accountNumber));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('お預り金 5000 円');
    expect((await customerNumbered(holder!.accountNumber))?.equityStatus).toBe('OPEN');

    expect((await send(InboundPath.accountEvents, closing('ac-2', '3000002'))).statusCode).toBe(200);
    const closed = await customerNumbered('3000002');
    expect(closed?.equityStatus).toBe('CLOSE');
    expect(await accountsOf(closed!.id)).toEqual([{ type: 'specific', closedOn: '2026-11-28' }]);
  });
});

describe('the trading system tells us a bank transfer arrived (振込入金)', () => {
  let database: TestDatabase;
  let app: App;
  let accountNumber: string;
  const deposit = (eventId: string, amount: string, receivedOn = '2026-11-27') => {
    const body = JSON.stringify({
      type: 'deposit.received',
      eventId,
      occurredAt: '2026-11-27T11:00:00+09:00',
      accountNumber,
      amount,
      receivedOn,
    });
    return app.inject({
      method: 'POST',
      url: InboundPath.deposits,
      payload: body,
      headers: { 'content-type': 'application/json', ...signedHeaders(key, body) },
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const customerId = await insertTradingCustomer(database);
    [{ accountNumber }] = (await database.db
      .select({ accountNumber: customers.accountNumber })
      .from(customers)
      .where(eq(customers.id, customerId))) as [{ accountNumber: string }];
    app = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: { PARTNER_INBOUND_KEYS: key },
      clock: { now: () => new Date('2026-11-27T03:00:00Z') },
    });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('deposit-received-event-becomes-cash-with-its-journal-entry-and-cashflow-once', async () => {
    expect((await deposit('dep-1', '300000')).json()).toEqual({ eventId: 'dep-1', status: 'applied' });
    expect((await deposit('dep-1', '300000')).json()).toEqual({
      eventId: 'dep-1',
      status: 'already-applied',
    });
    const [customer] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.accountNumber, accountNumber));
    expect(await cashOf(database, customer!.id)).toBe(300_000n);
    const rows = await database.db.select().from(cashflows).where(eq(cashflows.customerId, customer!.id));
    expect(rows).toMatchObject([
      { type: 'deposit', amount: 300_000n, occurredOn: '2026-11-27', description: '振込入金' },
    ]);
    await expectLedgerConsistent(database);
  });

  it('deposit-received-event-refused-for-a-date-after-today-or-a-zero-amount', async () => {
    expect((await deposit('dep-2', '1000', '2026-11-28')).statusCode).toBe(422);
    expect((await deposit('dep-3', '0')).statusCode).toBe(400);
  });
});
