import { useUiStore } from '../../lib/store/ui-store';
import './busy-overlay.css';

/** Covers the screen while the store's busy flag is set, so nothing is tapped twice mid-way. */
export function BusyOverlay() {
  const busy = useUiStore((state) => state.busy);
  if (!busy) return null;
  return (
    <div className="busy-overlay" role="status" aria-busy="true" data-testid="busy-overlay">
      <span className="busy-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">処理中です</span>
    </div>
  );
}
