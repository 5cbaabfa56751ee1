import { useEffect } from 'react';
import { openModal } from '../components/modal/modal-store';
import { useUiStore } from '../lib/store/ui-store';
import { NATIVE_UPDATE_MODAL, modalRegistry } from './modal-registry';

/**
 * Opens the native-update modal when the store's flag is raised (spec §4: by the shell, 5 s after start in
 * the native app). Closing the modal lowers the flag again, so the flag says whether it is on screen.
 */
export function useNativeUpdateModal(): void {
  const shown = useUiStore((state) => state.nativeUpdateModalShown);
  useEffect(() => {
    const registration = modalRegistry[NATIVE_UPDATE_MODAL];
    if (shown && registration !== undefined) openModal({ name: NATIVE_UPDATE_MODAL, ...registration });
  }, [shown]);
}
