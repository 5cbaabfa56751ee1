import { mailOutbox } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MovableClock, mfaTestDependencies } from './testing/mfa-test-context.ts';
import { SoftwareAuthenticator } from './testing/software-authenticator.ts';
import { insertTestCustomer } from './testing/test-customer.ts';
import { WebauthnService } from './webauthn.service.ts';

const origin = 'https://fund.example.jp';
const rpId = 'fund.example.jp';

let database: TestDatabase;
let clock: MovableClock;
let service: WebauthnService;
let customer: { id: string; accountNumber: string; email: string };
let authenticator: SoftwareAuthenticator;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  clock = new MovableClock('2025-04-01T00:00:00Z');
  service = new WebauthnService(mfaTestDependencies(database.db, clock), { rpId, origin });
  customer = await insertTestCustomer(database.db, `p${Math.random().toString(36).slice(2)}@example.jp`);
  authenticator = new SoftwareAuthenticator(origin);
});

async function register(attemptId = 'register-1') {
  const options = await service.registrationOptions({ customerId: customer.id, attemptId });
  return service.verifyRegistration({
    customerId: customer.id,
    attemptId,
    response: authenticator.register(options),
  });
}

describe('passkey registration', () => {
  it('registers a passkey, requires user verification in the options, lists it and notifies', async () => {
    const options = await service.registrationOptions({ customerId: customer.id, attemptId: 'register-1' });
    expect(options.rp).toEqual({ id: rpId, name: '投資信託 オンラインサービス' });
    expect(options.user.name).toBe(customer.accountNumber);
    expect(options.authenticatorSelection).toMatchObject({
      userVerification: 'required',
      residentKey: 'required',
    });

    const result = await service.verifyRegistration({
      customerId: customer.id,
      attemptId: 'register-1',
      response: authenticator.register(options),
    });
    expect(result).toMatchObject({ ok: true, passkey: { name: 'パスキー（2025-04-01 登録）' } });
    expect(await service.list(customer.id)).toHaveLength(1);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email));
    expect(mails.some((mail) => mail.textBody.includes('パスキーが登録されました'))).toBe(true);
  });

  it('security 19: a registration from the wrong origin is refused', async () => {
    const options = await service.registrationOptions({ customerId: customer.id, attemptId: 'register-1' });
    const response = authenticator.register(options, { origin: 'https://fund.example.jp.evil.example' });
    expect(
      await service.verifyRegistration({ customerId: customer.id, attemptId: 'register-1', response }),
    ).toEqual({
      ok: false,
      reason: 'verification',
    });
    expect(await service.list(customer.id)).toEqual([]);
  });

  it('security 19: a registration without user verification is refused', async () => {
    const options = await service.registrationOptions({ customerId: customer.id, attemptId: 'register-1' });
    const response = authenticator.register(options, { userVerified: false });
    expect(
      await service.verifyRegistration({ customerId: customer.id, attemptId: 'register-1', response }),
    ).toEqual({
      ok: false,
      reason: 'verification',
    });
  });

  it('security 19: a replayed registration response is refused (its challenge is spent)', async () => {
    const options = await service.registrationOptions({ customerId: customer.id, attemptId: 'register-1' });
    const response = authenticator.register(options);
    expect(
      await service.verifyRegistration({ customerId: customer.id, attemptId: 'register-1', response }),
    ).toMatchObject({
      ok: true,
    });
    expect(
      await service.verifyRegistration({ customerId: customer.id, attemptId: 'register-1', response }),
    ).toEqual({
      ok: false,
      reason: 'challenge',
    });
  });

  it('refuses a challenge that was not issued, or issued for another attempt or after it expired', async () => {
    const options = await service.registrationOptions({ customerId: customer.id, attemptId: 'register-1' });
    const forged = authenticator.register(options, { challenge: 'Zm9yZ2VkLWNoYWxsZW5nZQ' });
    expect(
      await service.verifyRegistration({
        customerId: customer.id,
        attemptId: 'register-1',
        response: forged,
      }),
    ).toEqual({
      ok: false,
      reason: 'challenge',
    });
    const other = await service.registrationOptions({ customerId: customer.id, attemptId: 'register-2' });
    expect(
      await service.verifyRegistration({
        customerId: customer.id,
        attemptId: 'register-3',
        response: authenticator.register(other),
      }),
    ).toEqual({ ok: false, reason: 'challenge' });
    const late = await service.registrationOptions({ customerId: customer.id, attemptId: 'register-4' });
    clock.advance(5 * 60_000);
    expect(
      await service.verifyRegistration({
        customerId: customer.id,
        attemptId: 'register-4',
        response: authenticator.register(late),
      }),
    ).toEqual({ ok: false, reason: 'challenge' });
  });
});

describe('passkey authentication', () => {
  it('signs in with a registered passkey, without knowing the customer first', async () => {
    await register();
    const options = await service.authenticationOptions({ attemptId: 'sign-in-1' });
    expect(options.userVerification).toBe('required');
    const result = await service.verifyAuthentication({
      attemptId: 'sign-in-1',
      response: authenticator.authenticate(options),
    });
    expect(result).toMatchObject({ ok: true, customerId: customer.id });
    const [passkey] = await service.list(customer.id);
    expect(passkey?.lastUsedAt).toEqual(clock.now());
  });

  it('security 19: an assertion from the wrong origin is refused', async () => {
    await register();
    const options = await service.authenticationOptions({ attemptId: 'sign-in-1' });
    const response = authenticator.authenticate(options, { origin: 'https://phishing.example' });
    expect(await service.verifyAuthentication({ attemptId: 'sign-in-1', response })).toEqual({
      ok: false,
      reason: 'verification',
    });
  });

  it('security 19: a replayed assertion (same challenge) is refused', async () => {
    await register();
    const options = await service.authenticationOptions({ attemptId: 'sign-in-1' });
    const response = authenticator.authenticate(options);
    expect(await service.verifyAuthentication({ attemptId: 'sign-in-1', response })).toMatchObject({
      ok: true,
    });
    expect(await service.verifyAuthentication({ attemptId: 'sign-in-1', response })).toEqual({
      ok: false,
      reason: 'challenge',
    });
  });

  it('security 19: an assertion without user verification is refused', async () => {
    await register();
    const options = await service.authenticationOptions({ attemptId: 'sign-in-1' });
    const response = authenticator.authenticate(options, { userVerified: false });
    expect(await service.verifyAuthentication({ attemptId: 'sign-in-1', response })).toEqual({
      ok: false,
      reason: 'verification',
    });
  });

  it('refuses a signature counter that does not grow (cloned authenticator)', async () => {
    await register();
    const first = await service.authenticationOptions({ attemptId: 'sign-in-1' });
    expect(
      await service.verifyAuthentication({
        attemptId: 'sign-in-1',
        response: authenticator.authenticate(first),
      }),
    ).toMatchObject({ ok: true });
    authenticator.counter -= 1; // the clone signs with the counter value already seen
    const second = await service.authenticationOptions({ attemptId: 'sign-in-2' });
    expect(
      await service.verifyAuthentication({
        attemptId: 'sign-in-2',
        response: authenticator.authenticate(second),
      }),
    ).toMatchObject({ ok: false });
  });

  it('for step-up, accepts only a passkey of the given customer', async () => {
    await register();
    const other = await insertTestCustomer(database.db, 'someone-else@example.jp');
    const options = await service.authenticationOptions({ attemptId: 'step-up-1', customerId: other.id });
    expect(options.allowCredentials).toEqual([]);
    expect(
      await service.verifyAuthentication({
        attemptId: 'step-up-1',
        response: authenticator.authenticate(options),
      }),
    ).toEqual({ ok: false, reason: 'credential' });
  });
});

describe('passkey management', () => {
  it('deletes a passkey of the customer only, and notifies', async () => {
    const registered = await register();
    if (!registered.ok) throw new Error('registration failed');
    const other = await insertTestCustomer(database.db, 'someone-else@example.jp');
    expect(await service.delete(other.id, registered.passkey.id)).toBe(false);
    expect(await service.delete(customer.id, registered.passkey.id)).toBe(true);
    expect(await service.list(customer.id)).toEqual([]);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email));
    expect(mails.some((mail) => mail.textBody.includes('パスキーが削除されました'))).toBe(true);
  });
});
