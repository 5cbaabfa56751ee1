import type { ComponentType, ReactNode } from 'react';

/** Named content a caller hands to a modal component (the spec's modal "slots"). */
export type ModalSlots = Readonly<Record<string, ReactNode>>;

/** What the host gives every modal component besides the caller's props. */
export interface ModalContentProps {
  /** Put this id on the modal's title: the dialog is labelled by it. */
  readonly titleId: string;
  readonly slots: ModalSlots;
  /** Closes the modal after the modal's own action; the cancel callback is not called. */
  readonly close: () => void;
  /** Closes the modal as a cancellation, calling the cancel callback, also when it is not closable. */
  readonly cancel: () => void;
}

interface ModalOptions {
  /** Shown in the URL as `?modal=<name>`. */
  readonly name: string;
  readonly slots?: ModalSlots;
  /** Half-height sheet with a '閉じる' button. */
  readonly isHalfModal?: boolean;
  /** The admin build's variant of a modal (spec §3); the host marks the dialog with it. */
  readonly isAdminModal?: boolean;
  /** When false, backdrop, Escape and browser back do not close it. Default true. */
  readonly isClosable?: boolean;
  /** Called when the user closes the modal (backdrop, Escape, back, close button): callbackCanceled. */
  readonly onCancel?: () => void;
}

/** The spec's modal state (§3) as an open request; `props` is required when the component needs any. */
export type ModalRequest<P extends object = Record<never, never>> = ModalOptions & {
  readonly component: ComponentType<P & ModalContentProps>;
} & (Record<never, never> extends P ? { readonly props?: P } : { readonly props: P });

/** A modal that can be opened from the URL alone (`?modal=<name>`), so it takes no props. */
export type ModalRegistration = Omit<ModalRequest, 'name' | 'props' | 'slots'>;

export type ModalRegistry = Readonly<Record<string, ModalRegistration>>;

/** A request as the host keeps it: defaults applied, the component bound to its props. */
export interface ActiveModal {
  readonly name: string;
  readonly isHalfModal: boolean;
  readonly isAdminModal: boolean;
  readonly isClosable: boolean;
  readonly onCancel: (() => void) | undefined;
  readonly render: (content: ModalContentProps) => ReactNode;
  readonly slots: ModalSlots;
  /** Where focus goes back to when the modal closes. */
  readonly returnFocus: Element | null;
}
