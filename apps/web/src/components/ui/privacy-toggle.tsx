import { usePrivacyStore } from '../../lib/privacy/privacy-store';

/** Hides or shows every amount of the app (remembered on the device). */
export function PrivacyToggle() {
  const hidden = usePrivacyStore((state) => state.amountsHidden);
  const setHidden = usePrivacyStore((state) => state.setAmountsHidden);
  return (
    <button
      type="button"
      className="ui-privacy-toggle"
      aria-pressed={hidden}
      onClick={() => setHidden(!hidden)}
    >
      <span
        className={
          hidden ? 'ui-privacy-toggle__icon ui-privacy-toggle__icon--off' : 'ui-privacy-toggle__icon'
        }
        aria-hidden="true"
      />
      金額を隠す
    </button>
  );
}
