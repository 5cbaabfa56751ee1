import { useEffect } from 'react';
import { useUiStore } from '../store/ui-store';
import { isNativeApp, isNewNativeApp } from './native-bridge';

/** Spec §9: the native-update modal is raised 5000 ms after the shell mounts. */
export const NATIVE_UPDATE_PROMPT_DELAY_MS = 5000;

/**
 * Raises the native-update modal flag 5 s after mount when the native marker is stored and the
 * new-native marker is not (spec §4): an old wrapper is asked to update.
 */
export function useNativeUpdatePrompt(): void {
  useEffect(() => {
    if (!isNativeApp() || isNewNativeApp()) return undefined;
    const timer = window.setTimeout(
      () => useUiStore.getState().setNativeUpdateModalShown(true),
      NATIVE_UPDATE_PROMPT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
}
