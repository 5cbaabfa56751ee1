export * from './asset-history.ts';
export * from './holding-valuation.ts';
export * from './nav-publication.ts';
export * from './book-value.ts';
