import type { BatchStep } from '../batch-runner.ts';
import { deleteExpiredRows } from './expired-sign-in-data.repository.ts';

/**
 * Tables of sign-in data whose rows end at `expires_at`: the identity providers' payloads (sessions,
 * grants, codes and tokens of the customer and the operator provider), pending registrations (with the
 * password hash chosen at sign-up), pending second factors, emailed verification codes, WebAuthn
 * challenges, operator password resets, the windows of the attempt limits (an ended window is restarted
 * by the next attempt, so reads need no filter there), card links waiting for the issuer's step and a
 * guardian's pending child account openings (name, birth date and address of the child). Every other read filters on `expires_at`.
 */
export const expiringSignInTables = [
  'oidc_payloads',
  'pending_registrations',
  'pending_second_factors',
  'verification_codes',
  'webauthn_challenges',
  'operator_password_resets',
  'attempt_windows',
  'pending_card_links',
  'temporary_users',
] as const;

/**
 * Housekeeping (decision 006): once per date (item `-`), deletes the rows of `expiringSignInTables` that
 * expired more than a day ago, so expired sessions, tokens, codes and password hashes of abandoned
 * sign-ups do not pile up forever. The day's margin leaves any row a request in flight may still read.
 * The database's clock decides, not the demo clock: the identity providers stamp expiry in real time, and
 * a demo clock moved forward must not end real sessions. Records are never deleted here (the audit log,
 * sign-in events, idempotency records).
 */
export const expiredSignInDataStep: BatchStep = {
  name: 'expired-sign-in-data',
  async enumerate() {
    return ['-'];
  },
  async process(tx) {
    let deleted = 0;
    for (const table of expiringSignInTables) {
      deleted += await deleteExpiredRows(tx, table);
    }
    return deleted === 0 ? 'nothing-expired' : 'deleted';
  },
};
