import { describe, expect, it } from 'vitest';
import type { NavPer10k, Units, Yen } from '../money/money.ts';
import { bookValueAtBasis } from './book-value.ts';
import { replayMovements, sumValuations, valueHolding } from './holding-valuation.ts';

const units = (value: bigint) => value as Units;
const nav = (value: bigint) => value as NavPer10k;
const yen = (value: bigint) => value as Yen;

describe('valuation at 解約価額 on the reference date (spec §9)', () => {
  it('NAV 12,345 with a 0.1% retention fee: 123,457 units are worth 152,247 yen', () => {
    // 信託財産留保額 per 10,000 units = ⌈12,345 × 10 ÷ 10,000⌉ = ⌈12.345⌉ = 13 yen
    // 解約価額 = 12,345 − 13 = 12,332 yen per 10,000 units
    // 評価額 = ⌊123,457 × 12,332 ÷ 10,000⌋ = ⌊1,522,471,724 ÷ 10,000⌋ = ⌊152,247.1724⌋ = 152,247 yen
    // 簿価 of the units (what they cost) 135,803 yen
    // 評価損益 = 152,247 − 135,803 = 16,444 yen
    // previous NAV 12,300: fee ⌈12.3⌉ = 13, 解約価額 12,287, value ⌊123,457 × 12,287 ÷ 10,000⌋ = 151,691
    // 前日比 = 152,247 − 151,691 = 556 yen
    const valuation = valueHolding({
      settledUnits: units(123_457n),
      pendingSellUnits: units(0n),
      bookValue: yen(135_803n),
      nav: nav(12_345n),
      previousNav: nav(12_300n),
      retentionFeeBasisPoints: 10,
    });
    expect(valuation).toEqual({
      units: 123_457n,
      pendingSellUnits: 0n,
      cancellationPrice: 12_332n,
      value: 152_247n,
      bookValue: 135_803n,
      gainLoss: 16_444n,
      dayChange: 556n,
    });
  });

  it('a pending sell is deducted at once: units, value, book value and gain all shrink', () => {
    // 100,000 units, 40,000 reserved by a sell order: 60,000 shown
    // value ⌊60,000 × 10,000 ÷ 10,000⌋ = 60,000; 簿価 90,000 − ⌊90,000 × 40,000 ÷ 100,000⌋ = 54,000
    const valuation = valueHolding({
      settledUnits: units(100_000n),
      pendingSellUnits: units(40_000n),
      bookValue: yen(90_000n),
      nav: nav(10_000n),
      previousNav: null,
      retentionFeeBasisPoints: 0,
    });
    expect(valuation).toMatchObject({
      units: 60_000n,
      pendingSellUnits: 40_000n,
      value: 60_000n,
      bookValue: 54_000n,
      gainLoss: 6_000n,
      dayChange: 0n,
    });
  });

  it('no NAV yet: value 0, the book value still shown', () => {
    const valuation = valueHolding({
      settledUnits: units(10_000n),
      pendingSellUnits: units(0n),
      bookValue: yen(10_000n),
      nav: null,
      previousNav: null,
      retentionFeeBasisPoints: 0,
    });
    expect(valuation).toMatchObject({ value: 0n, bookValue: 10_000n, cancellationPrice: null });
  });

  it('values above 2^53 stay exact', () => {
    // 10^15 units × 解約価額 30,000 ÷ 10,000 = 3 × 10^15 yen; the product 3 × 10^19 is far above 2^53
    const valuation = valueHolding({
      settledUnits: units(10n ** 15n + 7n),
      pendingSellUnits: units(0n),
      bookValue: yen(0n),
      nav: nav(30_000n),
      previousNav: null,
      retentionFeeBasisPoints: 0,
    });
    // ⌊(10^15 + 7) × 30,000 ÷ 10,000⌋ = 3 × 10^15 + ⌊21⌋ = 3,000,000,000,000,021
    expect(valuation.value).toBe(3_000_000_000_000_021n);
  });

  it('replays purchases and sales: 個別元本 by moving average, 簿価 by amounts and pro-rata sales', () => {
    // buy 10,000 @ 10,000 for 10,000 yen → basis 10,000, 簿価 10,000
    // buy 10,000 @ 12,001 for 12,001 yen → basis ⌈(10^8 + 120,010,000) ÷ 20,000⌉ = 11,001 (11,000.5 up), 簿価 22,001
    // sell 5,000 → basis unchanged; 簿価 22,001 − ⌊22,001 × 5,000 ÷ 20,000⌋ = 22,001 − ⌊5,500.25⌋ = 16,501
    // (at the 個別元本 it would be ⌈15,000 × 11,001 ÷ 10,000⌉ = ⌈16,501.5⌉ = 16,502: one yen more)
    const position = replayMovements([
      { direction: 'IN', units: units(10_000n), pricePer10k: nav(10_000n), amount: yen(10_000n) },
      { direction: 'IN', units: units(10_000n), pricePer10k: nav(12_001n), amount: yen(12_001n) },
      { direction: 'OUT', units: units(5_000n), pricePer10k: null },
    ]);
    expect(position).toEqual({ units: 15_000n, basisPer10k: 11_001n, bookValue: 16_501n });
    expect(bookValueAtBasis(position.units, position.basisPer10k)).toBe(16_502n);
  });

  it('sums subtotals', () => {
    const one = { value: yen(100n), bookValue: yen(90n), gainLoss: yen(10n), dayChange: yen(-3n) };
    expect(sumValuations([one, one])).toEqual({
      value: 200n,
      bookValue: 180n,
      gainLoss: 20n,
      dayChange: -6n,
    });
  });
});
