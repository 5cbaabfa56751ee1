import { useEffect } from 'react';
import { openModal } from '../components/modal/modal-store';
import { useUiStore } from '../lib/store/ui-store';

/**
 * Opens the native-update modal when the store's flag is raised (spec §4: by the shell, 5 s after start in
 * the native app). Closing the modal lowers the flag again, so the flag says whether it is on screen. The
 * registry (and the modal's code) loads on demand, with the modal host (decision 028).
 */
export function useNativeUpdateModal(): void {
  const shown = useUiStore((state) => state.nativeUpdateModalShown);
  useEffect(() => {
    if (!shown) return;
    let current = true;
    void import('./modal-registry').then(({ NATIVE_UPDATE_MODAL, modalRegistry }) => {
      const registration = modalRegistry[NATIVE_UPDATE_MODAL];
      if (current && registration !== undefined) openModal({ name: NATIVE_UPDATE_MODAL, ...registration });
    });
    return () => {
      current = false;
    };
  }, [shown]);
}
