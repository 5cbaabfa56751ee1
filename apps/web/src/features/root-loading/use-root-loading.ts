import { jstIsoDate } from '@fund/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { readAccessTokenClaims } from '../../lib/auth/access-token-claims';
import { writeSessionUser } from '../../lib/auth/session-user';
import { readTokenSet } from '../../lib/auth/token-store';
import { navigateTo } from '../../lib/navigation/navigate-to';
import { useUiStore } from '../../lib/store/ui-store';
import { applyNoConfirmedParam } from './no-confirmed-flag';
import { createRootLoadingCalls } from './root-loading-calls';
import {
  isExcludedFromRootLoading,
  runRootLoading,
  type ConfirmationRequest,
  type RootLoadingEffects,
  type RootLoadingOutcome,
} from './root-loading';

function tokenUsername(): string | undefined {
  const token = readTokenSet()?.access_token;
  return token === undefined ? undefined : readAccessTokenClaims(token)?.username;
}

/** The sequence's effects in the running app. */
export function createRootLoadingEffects(search: string): RootLoadingEffects {
  const ui = useUiStore.getState;
  return {
    setBusy: (busy) => ui().setBusy(busy),
    setAccountClosed: (closed) => ui().setAccountClosed(closed),
    setAccountLocked: (locked) => ui().setAccountLocked(locked),
    setUnreadInformationCount: (count) => ui().setUnreadInformationCount(count),
    writeSessionUser,
    navigateTo,
    currentUsername: tokenUsername,
    // a link into the app may name the agency that introduced the customer (account-opening hand-off, spec §7)
    agencyBranchCode: () => new URLSearchParams(search).get('agencyBranchCode') ?? undefined,
    today: () => jstIsoDate(new Date()),
  };
}

/**
 * What the shell shows, as far as the root loading decides it:
 * - `page`: the page (loading not needed here, or not possible yet, or done without confirmation);
 * - `loading`: nothing, while the sequence runs or while the app leaves for the account-opening site;
 * - `confirmation`: the first-use confirmation.
 * The locked and closed screens come from the UI store's flags, which the sequence sets.
 */
export type RootLoadingView =
  | { readonly screen: 'page' }
  | { readonly screen: 'loading' }
  | { readonly screen: 'confirmation'; readonly confirmation: ConfirmationRequest };

export interface UseRootLoadingOptions {
  /** The router has loaded the first page without error: the session is valid, calls can be made. */
  readonly ready: boolean;
  readonly pathname: string;
  readonly search: string;
}

type RootLoadingRun =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly search: string }
  | { readonly phase: 'done'; readonly outcome: RootLoadingOutcome };

function viewOf(run: RootLoadingRun): RootLoadingView {
  if (run.phase === 'idle') return { screen: 'page' };
  if (run.phase === 'running') return { screen: 'loading' };
  const { outcome } = run;
  if (outcome.kind === 'leaving') return { screen: 'loading' };
  if (outcome.kind === 'loaded' && outcome.confirmation !== null) {
    return { screen: 'confirmation', confirmation: outcome.confirmation };
  }
  return { screen: 'page' };
}

/**
 * Runs the root loading once (spec §4): at the first moment the router is ready on a page that takes
 * part (ROOT_LOADING_EXCLUDED_PATHS lists those that do not). `?noConfirmed=true|false` is stored first.
 */
export function useRootLoading({ ready, pathname, search }: UseRootLoadingOptions): RootLoadingView {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<RootLoadingRun>({ phase: 'idle' });
  const started = useRef(false);

  // decided during render, so the page does not flash for a frame before the sequence starts
  if (run.phase === 'idle' && ready && !isExcludedFromRootLoading(pathname)) {
    setRun({ phase: 'running', search });
  }

  useEffect(() => {
    applyNoConfirmedParam(search);
  }, [search]);

  useEffect(() => {
    // the ref keeps StrictMode's second effect run from starting the sequence again
    if (run.phase !== 'running' || started.current) return;
    started.current = true;
    void runRootLoading(createRootLoadingCalls(queryClient), createRootLoadingEffects(run.search)).then(
      (outcome) => setRun({ phase: 'done', outcome }),
      // the sequence swallows its failures; should anything still throw, the page shows rather than nothing
      () => setRun({ phase: 'done', outcome: { kind: 'loaded', confirmation: null } }),
    );
  }, [run, queryClient]);

  return viewOf(run);
}
