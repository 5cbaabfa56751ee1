import { z } from 'zod';

/**
 * Limits every request is held to, whatever its route (issue 13 point 9): no customer-typed text carries a
 * control character (C0, DEL, C1: NUL among them, which PostgreSQL refuses in text), no JSON body nests
 * deeper or weighs more than what any screen sends, and no date lies outside the years the service can
 * compute with.
 */

/** C0 controls (NUL, tab, line feeds included: every field is one line), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
export const controlCharacterPattern = /[\u0000-\u001f\u007f-\u009f]/;

/** Deepest JSON nesting of a request body; the deepest body of the API (passkeys) nests 3 levels. */
export const maxJsonDepth = 32;

/** Largest request body in bytes; the largest of the API (a passkey's attestation) stays under 96 KiB. */
export const maxRequestBodyBytes = 128 * 1024;

/** The first and the last date any request may name (birth dates from 1900, business dates to 2099). */
export const earliestIsoDate = '1900-01-01';
export const latestIsoDate = '2099-12-31';

/**
 * A calendar date `YYYY-MM-DD` between earliestIsoDate and latestIsoDate: every date a request carries
 * (issue 13: `?date=9999-12-31` ran past the calendar the service computes with).
 */
export const isoDateSchema = z.iso
  .date()
  .refine((value) => value >= earliestIsoDate && value <= latestIsoDate, {
    error: `日付は${earliestIsoDate.slice(0, 4)}年から${latestIsoDate.slice(0, 4)}年までの範囲で指定してください`,
  });
