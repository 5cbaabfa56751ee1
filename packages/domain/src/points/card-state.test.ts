import { describe, expect, it } from 'vitest';
import {
  cardChargeRefusal,
  cardEarnsPoints,
  cardStateOn,
  pointRefusalOf,
  type LinkedCardStateType,
} from './card-state.ts';

const card = (state: LinkedCardStateType, expiry = '2030-12') => ({ state, expiry });

describe('the linked card and points (decision 018)', () => {
  it.each([
    ['no card', undefined, '400-100'],
    ['ACTIVE', card('ACTIVE'), undefined],
    ['RE_REGISTRATION_REQUIRED', card('RE_REGISTRATION_REQUIRED'), '400-101'],
    ['NOT_POINTS_CARD', card('NOT_POINTS_CARD'), '400-102'],
    ['EXPIRED', card('EXPIRED'), '400-103'],
    ['ACTIVE past its 有効期限 month', card('ACTIVE', '2026-10'), '400-103'],
  ])('%s: points refused with %s', (_, linked, refusal) => {
    expect(pointRefusalOf(linked, '2026-11-01')).toBe(refusal);
  });

  it('a card is good through the last day of its 有効期限 month', () => {
    expect(cardStateOn(card('ACTIVE', '2026-11'), '2026-11-30')).toBe('ACTIVE');
    expect(cardStateOn(card('ACTIVE', '2026-11'), '2026-12-01')).toBe('EXPIRED');
  });

  it.each([
    ['ACTIVE', card('ACTIVE'), true],
    ['RE_REGISTRATION_REQUIRED (only using waits)', card('RE_REGISTRATION_REQUIRED'), true],
    ['NOT_POINTS_CARD', card('NOT_POINTS_CARD'), false],
    ['expired', card('ACTIVE', '2026-01'), false],
  ])('%s earns points on card charges: %s', (_, linked, earns) => {
    expect(cardEarnsPoints(linked, '2026-11-01')).toBe(earns);
  });

  it.each([
    ['no linked card', undefined, 'NO_CARD'],
    ['a card past its 有効期限 month on the debit date', card('ACTIVE', '2026-10'), 'CARD_EXPIRED'],
    ['a card the issuer marked EXPIRED', card('EXPIRED'), 'CARD_EXPIRED'],
    ['an ACTIVE card', card('ACTIVE'), undefined],
    ['a card in its last 有効期限 month', card('ACTIVE', '2026-11'), undefined],
    ['a card to register again for points', card('RE_REGISTRATION_REQUIRED'), undefined],
    ['a card without points', card('NOT_POINTS_CARD'), undefined],
  ])('a card 積立 charge with %s: refused with %s', (_, linked, refusal) => {
    expect(cardChargeRefusal(linked, '2026-11-27')).toBe(refusal);
  });
});
