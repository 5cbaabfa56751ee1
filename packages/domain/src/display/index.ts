export * from './date-display.ts';
export * from './number-display.ts';
export * from './account-type-display.ts';
export * from './enum-labels.ts';
