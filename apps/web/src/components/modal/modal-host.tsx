import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { restoreFocus, tabbableElements } from '../../lib/dom/focusable';
import { MODAL_ENTRY_STATE_KEY, MODAL_PARAM, searchWithModal } from '../../lib/routing/modal-param';
import { Button } from '../button/button';
import { modalStoreActions, toActiveModal, useModalStore } from './modal-store';
import type { ActiveModal, ModalContentProps, ModalRegistry } from './modal-types';
import './modal.css';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The history entry's state with (or without) the mark that the host pushed this entry for `name`. */
function entryState(state: unknown, name: string | null): Record<string, unknown> {
  const next: Record<string, unknown> = isRecord(state) ? { ...state } : {};
  if (name === null) delete next[MODAL_ENTRY_STATE_KEY];
  else next[MODAL_ENTRY_STATE_KEY] = name;
  return next;
}

function registrationOf(registry: ModalRegistry, name: string) {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}

const dismiss = () => modalStoreActions.requestClose('dismiss');

/**
 * Shows the open modal over the page and keeps it in step with the `modal` query parameter (spec §2):
 * opening pushes a history entry, closing removes the parameter, browser back closes the modal, and a
 * registered name in the URL opens that modal directly.
 */
export function ModalHost({ registry }: { registry: ModalRegistry }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { active, pending, closingName, closeRequest } = useModalStore(useShallow((state) => state));
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  const { pathname, search, hash, state } = location;
  const param = new URLSearchParams(search).get(MODAL_PARAM);
  const entryPushedForParam = param !== null && isRecord(state) && state[MODAL_ENTRY_STATE_KEY] === param;

  useEffect(() => {
    const urlWith = (name: string | null) => ({ pathname, search: searchWithModal(search, name), hash });

    if (closeRequest !== null) {
      if (active === null || (closeRequest === 'dismiss' && !active.isClosable)) {
        modalStoreActions.clearCloseRequest();
        return;
      }
      if (closeRequest !== 'close') active.onCancel?.();
      modalStoreActions.startClosing(active.name);
      // an entry the host pushed is left by going back, so no stale `?modal=` entry stays in the history;
      // a modal that came with the URL (a link, a reload) has no entry of its own to go back from
      if (param === active.name && entryPushedForParam) void navigate(-1);
      else if (param !== null)
        void navigate(urlWith(null), { replace: true, state: entryState(state, null) });
      return;
    }

    if (closingName !== null) {
      if (param !== closingName) modalStoreActions.finishClosing();
      return;
    }

    if (pending !== null) {
      if (param === pending.name) modalStoreActions.activate(pending);
      else
        void navigate(urlWith(pending.name), {
          replace: active !== null,
          state: entryState(state, pending.name),
        });
      return;
    }

    if (param === null) {
      if (active === null) return;
      if (active.isClosable) {
        // browser back, or a navigation away from the page, closed it: that is the user cancelling
        modalStoreActions.clearActive();
        active.onCancel?.();
      } else {
        void navigate(urlWith(active.name), { state: entryState(state, active.name) });
      }
      return;
    }

    if (active?.name === param) return;
    const registration = registrationOf(registry, param);
    if (registration === undefined) {
      void navigate(urlWith(null), { replace: true, state: entryState(state, null) });
      return;
    }
    const returnFocus = active?.returnFocus ?? document.activeElement;
    modalStoreActions.activate(toActiveModal({ name: param, ...registration }, returnFocus));
  }, [
    active,
    pending,
    closingName,
    closeRequest,
    param,
    entryPushedForParam,
    pathname,
    search,
    hash,
    state,
    navigate,
    registry,
  ]);

  const shownBefore = useRef<ActiveModal | null>(null);
  useEffect(() => {
    const before = shownBefore.current;
    shownBefore.current = active;
    if (active !== null && active !== before) dialogRef.current?.focus();
    if (active === null && before !== null) restoreFocus(before.returnFocus);
  }, [active]);

  const isOpen = active !== null;
  useEffect(() => {
    if (!isOpen) return;
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
    };
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape also ends a Japanese IME composition; that keypress must not close the modal
      if (event.key === 'Escape' && !event.isComposing) {
        event.preventDefault();
        dismiss();
      } else if (event.key === 'Tab' && dialogRef.current !== null) {
        trapFocus(event, dialogRef.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  if (active === null) return null;

  const content: ModalContentProps = {
    titleId,
    slots: active.slots,
    close: () => modalStoreActions.requestClose('close'),
    cancel: () => modalStoreActions.requestClose('cancel'),
  };

  return (
    <div className={active.isHalfModal ? 'modal-layer modal-layer--half' : 'modal-layer'}>
      <div className="modal-backdrop" aria-hidden="true" data-testid="modal-backdrop" onClick={dismiss} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={active.isHalfModal ? 'modal-panel modal-panel--half' : 'modal-panel'}
        data-modal-name={active.name}
        data-admin-modal={active.isAdminModal ? '' : undefined}
      >
        <div className="modal-panel__body">{active.render(content)}</div>
        {active.isHalfModal && active.isClosable ? (
          <div className="modal-panel__footer">
            <Button variant="outline" width="100%" onClick={dismiss}>
              閉じる
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Keeps Tab and Shift+Tab inside the dialog: aria-modal alone does not stop keyboard focus leaving, and the
 * inert page behind would otherwise hand it to the browser's address bar.
 */
function trapFocus(event: KeyboardEvent, dialog: HTMLElement): void {
  const tabbable = tabbableElements(dialog);
  const first = tabbable[0];
  const last = tabbable.at(-1);
  if (first === undefined || last === undefined) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const current = document.activeElement;
  if (current === null || !dialog.contains(current)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (current === first || current === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && current === last) {
    event.preventDefault();
    first.focus();
  }
}
