// The largest figures a request may name, in a module without the schemas library, so the screens' amount
// fields (amount-rules.ts) can state them without loading it on the first screen (decision 028).

/** Largest yen amount one order may name (10億円). */
export const maxOrderAmountYen = 1_000_000_000n;
/** Largest unit count one order may name. */
export const maxOrderUnits = 1_000_000_000_000_000n;
/** Largest point count one order may use. */
export const maxOrderPoints = 1_000_000_000n;
/** Largest monthly (or bonus) amount of one recurring plan a request may name: 1億円. */
export const maxRecurringAmount = 100_000_000n;
/** Largest monthly deposit a request may name: 1億円. */
export const maxMonthlyDepositAmount = 100_000_000n;
/** Largest scheduled-sell figure (yen or units) a request may name. */
export const maxScheduledSellValue = 999_999_999_999_999n;
