import type { AccountRoleType } from '@fund/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/** What a page's chunk exports (decision 012): its component. */
export interface PageModule {
  readonly Component: ComponentType;
}

export interface PageLoadArgs {
  readonly queryClient: QueryClient;
  readonly params: Params;
  readonly url: URL;
  /**
   * The signed-in customer's AccountRoleType (decision 012 "Roles"), for a loader that asks only what the
   * role may see: from the session once the root loading has stored it; on the first page of a tab, from
   * the root loading's own call, started beside the page's loader. Null when it cannot be known.
   */
  readonly accountRole: () => Promise<AccountRoleType | null>;
}

/**
 * What a page's route loader starts before the page renders (decision 012), in a small module of its own
 * (`features/<f>/<page>-loader.ts`, api files only, no React) that the route table imports statically, so
 * the calls start with the navigation, side by side with the page's chunk. It runs after the session gate.
 * It awaits `queryClient.ensureQueryData` for what the first paint needs (the old page stays, with the
 * progress bar, until then) and starts the rest with `void queryClient.prefetchQuery` (the page shows a
 * skeleton for it). A failed call is not thrown: the query keeps the error and the page shows it in place
 * with a retry, because a loader's error would show the not-found page (spec §8).
 */
export type PageLoad = (args: PageLoadArgs) => Promise<unknown>;
