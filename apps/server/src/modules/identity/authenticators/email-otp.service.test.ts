import { mailOutbox } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmailOtpService, codeLifetimeMinutes } from './email-otp.service.ts';
import { deriveMfaKeys } from './mfa-crypto.ts';
import { MovableClock, mfaTestDependencies } from './testing/mfa-test-context.ts';
import { insertTestCustomer } from './testing/test-customer.ts';

let database: TestDatabase;
let clock: MovableClock;
let service: EmailOtpService;
let customer: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  clock = new MovableClock('2025-04-01T00:00:00Z');
  service = new EmailOtpService(mfaTestDependencies(database.db, clock), deriveMfaKeys(undefined));
  customer = await insertTestCustomer(database.db, `c${Math.random().toString(36).slice(2)}@example.jp`);
});

/** The code of the newest mail to `to`, as the customer reads it. */
async function codeFromMail(to: string): Promise<string> {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.sequence))
    .limit(1);
  const code = /確認コード：(\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (code === undefined) throw new Error(`no code mailed to ${to}`);
  return code;
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function issueSignIn(attemptId = 'attempt-a'): Promise<string> {
  await service.issue({ purpose: 'sign_in', attemptId, email: customer.email, customerId: customer.id });
  return codeFromMail(customer.email);
}

describe('email one-time codes (security 15)', () => {
  it('mails a six-digit code with the sign-in template', async () => {
    const code = await issueSignIn();
    expect(code).toMatch(/^\d{6}$/);
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, customer.email));
    expect(mail?.kind).toBe('sign-in-code');
    expect(mail?.subject).toContain('ログイン確認コード');
  });

  it('security 15: email OTP is single use', async () => {
    const code = await issueSignIn();
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code })).toEqual({
      ok: true,
      customerId: customer.id,
      email: customer.email,
    });
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });

  it('security 15: email OTP expires after 10 minutes', async () => {
    const code = await issueSignIn();
    clock.advance(codeLifetimeMinutes * 60_000);
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('security 15: email OTP still works just before 10 minutes', async () => {
    const code = await issueSignIn();
    clock.advance(codeLifetimeMinutes * 60_000 - 1000);
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code })).toMatchObject({
      ok: true,
    });
  });

  it('security 15: email OTP is bound to its sign-in attempt', async () => {
    const code = await issueSignIn('attempt-a');
    await service.issue({
      purpose: 'sign_in',
      attemptId: 'attempt-b',
      email: 'x@example.jp',
      customerId: customer.id,
    });
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-b', code })).toMatchObject({
      ok: false,
    });
    // nor does a code of one purpose work for another purpose of the same attempt id
    expect(await service.check({ purpose: 'password_reset', attemptId: 'attempt-a', code })).toMatchObject({
      ok: false,
    });
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code })).toMatchObject({
      ok: true,
    });
  });

  it('security 15: email OTP is dead after 5 wrong tries', async () => {
    const code = await issueSignIn();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(
        await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code: wrongCode(code) }),
      ).toEqual({
        ok: false,
        reason: 'wrong',
      });
    }
    expect(
      await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code: wrongCode(code) }),
    ).toEqual({
      ok: false,
      reason: 'exhausted',
    });
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code })).toEqual({
      ok: false,
      reason: 'exhausted',
    });
  });

  it('security 15: concurrent guesses never get more than 5 comparisons', async () => {
    const code = await issueSignIn();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code: wrongCode(code) }),
      ),
    );
    expect(results.filter((result) => !result.ok && result.reason === 'wrong').length).toBeLessThanOrEqual(4);
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code })).toMatchObject({
      ok: false,
    });
  });

  it('a new code for the attempt replaces the old one', async () => {
    const first = await issueSignIn();
    const second = await issueSignIn();
    if (first !== second) {
      expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code: first })).toMatchObject({
        ok: false,
      });
    }
    expect(await service.check({ purpose: 'sign_in', attemptId: 'attempt-a', code: second })).toMatchObject({
      ok: true,
    });
  });

  it('issued in a transaction that rolls back, neither the code nor its mail exists', async () => {
    const email = 'rollback@example.jp';
    await expect(
      database.db.transaction(async (tx) => {
        await service.issue({ purpose: 'sign_up', attemptId: 'registration-1', email, customerId: null }, tx);
        throw new Error('registration failed');
      }),
    ).rejects.toThrow('registration failed');
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
    expect(await service.check({ purpose: 'sign_up', attemptId: 'registration-1', code: '123456' })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});

describe('the same codes for sign-up, password reset and email change', () => {
  it.each([
    ['sign_up', 'sign-up-code'],
    ['password_reset', 'password-reset-code'],
    ['email_change', 'email-change-code'],
    ['mfa_setup', 'mfa-setup-code'],
  ] as const)('%s uses its own mail (%s) and returns the address it was sent to', async (purpose, kind) => {
    const email = `${purpose}-${Math.random().toString(36).slice(2)}@example.jp`;
    await service.issue({
      purpose,
      attemptId: 'flow-1',
      email,
      customerId: purpose === 'sign_up' ? null : customer.id,
    });
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.kind).toBe(kind);
    const code = await codeFromMail(email);
    expect(await service.check({ purpose, attemptId: 'flow-1', code })).toMatchObject({ ok: true, email });
  });

  it('security 16: a password reset code works once and expires', async () => {
    await service.issue({
      purpose: 'password_reset',
      attemptId: 'reset-1',
      email: customer.email,
      customerId: customer.id,
    });
    const code = await codeFromMail(customer.email);
    expect(await service.check({ purpose: 'password_reset', attemptId: 'reset-1', code })).toMatchObject({
      ok: true,
    });
    expect(await service.check({ purpose: 'password_reset', attemptId: 'reset-1', code })).toMatchObject({
      ok: false,
    });

    await service.issue({
      purpose: 'password_reset',
      attemptId: 'reset-2',
      email: customer.email,
      customerId: customer.id,
    });
    const later = await codeFromMail(customer.email);
    clock.advance(codeLifetimeMinutes * 60_000 + 1);
    expect(await service.check({ purpose: 'password_reset', attemptId: 'reset-2', code: later })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
