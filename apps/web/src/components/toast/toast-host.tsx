import { useEffect, useState } from 'react';
import { useUiStore } from '../../lib/store/ui-store';
import './toast.css';

/** How long a toast stays when the customer does not touch it. */
export const TOAST_DURATION_MS = 5000;

/**
 * Shows the store's toast message in a polite live region, so screen readers read it without losing their
 * place. It hides itself after a few seconds, except while the pointer or focus is on it, so the dismiss
 * button can still be reached.
 */
export function ToastHost() {
  const toast = useUiStore((state) => state.toast);
  const dismissToast = useUiStore((state) => state.dismissToast);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (toast === null || held) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, held, dismissToast]);

  const hold = () => setHeld(true);
  const release = () => setHeld(false);

  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast === null ? null : (
        <div
          key={toast.id}
          className="toast"
          data-testid="toast"
          onPointerEnter={hold}
          onPointerLeave={release}
          onFocus={hold}
          onBlur={release}
        >
          <p className="toast__message">{toast.message}</p>
          <button type="button" className="toast__dismiss" onClick={() => dismissToast(toast.id)}>
            閉じる
          </button>
        </div>
      )}
    </div>
  );
}
