import { checkNativeVersion } from '@fund/domain';
import { useEffect } from 'react';
import { useUiStore } from '../store/ui-store';
import { isNativeApp, isNewNativeApp, requestNativeAppVersion } from './native-bridge';

/** Spec §9: the native-update modal is raised 5000 ms after the shell mounts. */
export const NATIVE_UPDATE_PROMPT_DELAY_MS = 5000;

/**
 * Raises the native-update modal flag 5 s after mount when the wrapper must be updated (spec §4,
 * decision 026):
 * - the native marker without the new-native one: a wrapper from before the version message, always old;
 * - both markers: the wrapper is asked for its version (`getNativeAppVersion`), and the modal comes when
 *   the 1.1.1 check answers 'update', 5 s after mount or as soon as a later answer comes. A wrapper that
 *   never answers is not nagged: a broken bridge is no reason to send the customer to the store.
 * In a browser nothing happens.
 */
export function useNativeUpdatePrompt(): void {
  useEffect(() => {
    if (!isNativeApp()) return undefined;
    const raise = () => useUiStore.getState().setNativeUpdateModalShown(true);
    if (!isNewNativeApp()) {
      const timer = window.setTimeout(raise, NATIVE_UPDATE_PROMPT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    let delayOver = false;
    let updateNeeded = false;
    const timer = window.setTimeout(() => {
      delayOver = true;
      if (updateNeeded) raise();
    }, NATIVE_UPDATE_PROMPT_DELAY_MS);
    const stopListening = requestNativeAppVersion((version) => {
      updateNeeded = checkNativeVersion(version) === 'update';
      if (updateNeeded && delayOver) raise();
    });
    return () => {
      window.clearTimeout(timer);
      stopListening();
    };
  }, []);
}
