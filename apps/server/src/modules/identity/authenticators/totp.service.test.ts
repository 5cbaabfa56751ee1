import { mailOutbox, totpCredentials } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveMfaKeys } from './mfa-crypto.ts';
import { MovableClock, mfaTestDependencies } from './testing/mfa-test-context.ts';
import { insertTestCustomer } from './testing/test-customer.ts';
import { TotpService } from './totp.service.ts';

let database: TestDatabase;
let clock: MovableClock;
let service: TotpService;
let customer: { id: string; accountNumber: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  // 2025-04-01T00:00:00Z is the start of a 30 s step, so "the same step" and "the next step" are exact
  clock = new MovableClock('2025-04-01T00:00:00Z');
  service = new TotpService(
    mfaTestDependencies(database.db, clock),
    deriveMfaKeys(new Uint8Array(32).fill(1)),
  );
  customer = await insertTestCustomer(database.db);
});

function codeAt(secret: string, clockTime: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(clockTime.getTime() / 1000) });
}

async function enrolled(): Promise<string> {
  const { secret } = await service.beginEnrolment(customer.id);
  expect(await service.confirmEnrolment(customer.id, await codeAt(secret, clock.now()))).toBe(true);
  // two steps on, so the step before "now" is still unused
  clock.advance(60_000);
  return secret;
}

describe('TOTP enrolment', () => {
  it('gives an otpauth URI with the service as issuer and the account number as label', async () => {
    const { secret, otpauthUri } = await service.beginEnrolment(customer.id);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(
      `投資信託 オンラインサービス:${customer.accountNumber}`,
    );
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('投資信託 オンラインサービス');
    expect(await service.status(customer.id)).toBe('pending');
  });

  it('stores the secret encrypted, never in clear', async () => {
    const { secret } = await service.beginEnrolment(customer.id);
    const [row] = await database.db
      .select()
      .from(totpCredentials)
      .where(eq(totpCredentials.customerId, customer.id));
    expect(row?.secretCiphertext).not.toContain(secret);
    expect(row?.secretCiphertext).toMatch(/^v1\./);
  });

  it('activates with the first valid code and notifies the customer', async () => {
    const { secret } = await service.beginEnrolment(customer.id);
    expect(await service.confirmEnrolment(customer.id, '000000')).toBe(false);
    expect(await service.confirmEnrolment(customer.id, await codeAt(secret, clock.now()))).toBe(true);
    expect(await service.status(customer.id)).toBe('active');
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email));
    expect(mails.map((mail) => mail.kind)).toContain('credential-changed');
    expect(mails.some((mail) => mail.textBody.includes('認証アプリによる2段階認証が設定されました'))).toBe(
      true,
    );
  });

  it('refuses a new enrolment while one is active', async () => {
    await enrolled();
    await expect(service.beginEnrolment(customer.id)).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('TOTP verification', () => {
  it('accepts the current code and the codes one step before and after', async () => {
    const secret = await enrolled();
    const now = clock.now();
    expect(await service.verify(customer.id, await codeAt(secret, new Date(now.getTime() - 30_000)))).toBe(
      true,
    );
    expect(await service.verify(customer.id, await codeAt(secret, now))).toBe(true);
    expect(await service.verify(customer.id, await codeAt(secret, new Date(now.getTime() + 30_000)))).toBe(
      true,
    );
  });

  it('refuses codes two steps away', async () => {
    const secret = await enrolled();
    const now = clock.now();
    expect(await service.verify(customer.id, await codeAt(secret, new Date(now.getTime() - 60_000)))).toBe(
      false,
    );
    expect(await service.verify(customer.id, await codeAt(secret, new Date(now.getTime() + 60_000)))).toBe(
      false,
    );
  });

  it('security 15: a TOTP code cannot be used twice in its time step', async () => {
    const secret = await enrolled();
    const code = await codeAt(secret, clock.now());
    expect(await service.verify(customer.id, code)).toBe(true);
    expect(await service.verify(customer.id, code)).toBe(false);
    clock.advance(10_000); // still the same step
    expect(await service.verify(customer.id, code)).toBe(false);
  });

  it('security 15: an older step is refused once a later one was used', async () => {
    const secret = await enrolled();
    const now = clock.now();
    expect(await service.verify(customer.id, await codeAt(secret, now))).toBe(true);
    expect(await service.verify(customer.id, await codeAt(secret, new Date(now.getTime() - 30_000)))).toBe(
      false,
    );
  });

  it('security 15: of two simultaneous uses of one code only one succeeds', async () => {
    const secret = await enrolled();
    const code = await codeAt(secret, clock.now());
    const results = await Promise.all([service.verify(customer.id, code), service.verify(customer.id, code)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses malformed codes and customers without an active TOTP', async () => {
    await enrolled();
    expect(await service.verify(customer.id, '12345')).toBe(false);
    expect(await service.verify(customer.id, 'abcdef')).toBe(false);
    const other = await insertTestCustomer(database.db, 'other@example.jp');
    expect(await service.verify(other.id, '123456')).toBe(false);
  });

  it('no longer accepts codes once disabled, and notifies', async () => {
    const secret = await enrolled();
    expect(await service.disable(customer.id)).toBe(true);
    expect(await service.status(customer.id)).toBe('none');
    expect(await service.verify(customer.id, await codeAt(secret, clock.now()))).toBe(false);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email));
    expect(mails.some((mail) => mail.textBody.includes('認証アプリによる2段階認証が解除されました'))).toBe(
      true,
    );
  });
});
