/**
 * PostgreSQL advisory-lock keys taken by this package. They share one key space with every other advisory
 * lock in the application database, so new keys are added here, each different from the rest.
 */
export const advisoryLockKeys = {
  /** Held while migrations run, so processes starting together migrate one after another. */
  migrate: 4_710_001,
  /** Held while demo data is checked and inserted, so two seeders cannot both decide to insert. */
  seedDemoData: 4_710_002,
  /** Held while a fund feed is checked and imported, so two imports cannot both add the same NAVs. */
  fundFeedImport: 4_710_003,
  /** Held while the demo customers' trading history is written (apps/server demo/demo-history.ts). */
  seedDemoHistory: 4_710_101,
} as const;
