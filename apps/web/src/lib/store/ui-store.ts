import { create } from 'zustand';

/** A toast to show; the id tells two identical messages apart so each one gets its own display time. */
export interface Toast {
  readonly id: number;
  readonly message: string;
}

/** The shared UI state of spec §3 (decision 003: one zustand store, usable outside React). */
export interface UiState {
  readonly busy: boolean;
  readonly sideMenuShown: boolean;
  readonly accountClosed: boolean;
  readonly accountLocked: boolean;
  readonly toast: Toast | null;
  readonly helpModalMessage: string;
  readonly unreadInformationCount: number;
  readonly nativeUpdateModalShown: boolean;
  /** An API call answered 503 (spec §8): the shell shows the maintenance page instead of the page. */
  readonly maintenance: boolean;
}

export interface UiActions {
  setBusy: (busy: boolean) => void;
  setSideMenuShown: (shown: boolean) => void;
  toggleSideMenu: () => void;
  setAccountClosed: (closed: boolean) => void;
  setAccountLocked: (locked: boolean) => void;
  showToast: (message: string) => void;
  /** Clears the toast; with an id, only if that toast is still the one shown. */
  dismissToast: (id?: number) => void;
  setHelpModalMessage: (message: string) => void;
  setUnreadInformationCount: (count: number) => void;
  setNativeUpdateModalShown: (shown: boolean) => void;
  setMaintenance: (maintenance: boolean) => void;
  /** Back to the start state (sign-out, tests). */
  reset: () => void;
}

const initialUiState: UiState = {
  busy: false,
  sideMenuShown: false,
  accountClosed: false,
  accountLocked: false,
  toast: null,
  helpModalMessage: '',
  unreadInformationCount: 0,
  nativeUpdateModalShown: false,
  maintenance: false,
};

let nextToastId = 1;

export const useUiStore = create<UiState & UiActions>()((set) => ({
  ...initialUiState,
  setBusy: (busy) => set({ busy }),
  setSideMenuShown: (sideMenuShown) => set({ sideMenuShown }),
  toggleSideMenu: () => set((state) => ({ sideMenuShown: !state.sideMenuShown })),
  setAccountClosed: (accountClosed) => set({ accountClosed }),
  setAccountLocked: (accountLocked) => set({ accountLocked }),
  showToast: (message) => set({ toast: { id: nextToastId++, message } }),
  dismissToast: (id) => set((state) => (id === undefined || state.toast?.id === id ? { toast: null } : {})),
  setHelpModalMessage: (helpModalMessage) => set({ helpModalMessage }),
  setUnreadInformationCount: (count) => {
    // the badge counts whole unread items; a malformed answer must not show "-1" or "2.5"
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Invalid unread count: ${count}`);
    set({ unreadInformationCount: count });
  },
  setNativeUpdateModalShown: (nativeUpdateModalShown) => set({ nativeUpdateModalShown }),
  setMaintenance: (maintenance) => set({ maintenance }),
  reset: () => set(initialUiState),
}));
