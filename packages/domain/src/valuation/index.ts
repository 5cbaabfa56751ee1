export * from './asset-history.ts';
export * from './holding-valuation.ts';
