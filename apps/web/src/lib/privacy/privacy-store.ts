import { create } from 'zustand';

/** Local storage key of the amounts-hidden choice (the app's `fund.` prefix, spec §3). */
export const PRIVACY_STORAGE_KEY = 'fund.privacy.amountsHidden';

function readStored(): boolean {
  try {
    return window.localStorage.getItem(PRIVACY_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

interface PrivacyState {
  /** Every amount on screen is masked (someone may be looking at the phone). */
  readonly amountsHidden: boolean;
  readonly setAmountsHidden: (hidden: boolean) => void;
}

/** The privacy toggle's state, remembered on the device until sign-out clears the storage. */
export const usePrivacyStore = create<PrivacyState>()((set) => ({
  amountsHidden: readStored(),
  setAmountsHidden: (hidden) => {
    try {
      window.localStorage.setItem(PRIVACY_STORAGE_KEY, String(hidden));
    } catch {
      // the choice still holds for this visit
    }
    set({ amountsHidden: hidden });
  },
}));
