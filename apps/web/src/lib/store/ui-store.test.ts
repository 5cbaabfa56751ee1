import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from './ui-store';

const store = () => useUiStore.getState();

describe('the shared UI store', () => {
  beforeEach(() => store().reset());

  it('starts with nothing shown', () => {
    expect(store()).toMatchObject({
      busy: false,
      sideMenuShown: false,
      accountClosed: false,
      accountLocked: false,
      toast: null,
      helpModalMessage: '',
      unreadInformationCount: 0,
      nativeUpdateModalShown: false,
    });
  });

  it('sets the busy, account and native-update flags independently', () => {
    store().setBusy(true);
    store().setAccountClosed(true);
    expect(store()).toMatchObject({ busy: true, accountClosed: true, accountLocked: false });
    store().setAccountLocked(true);
    store().setAccountClosed(false);
    store().setNativeUpdateModalShown(true);
    expect(store()).toMatchObject({
      busy: true,
      accountClosed: false,
      accountLocked: true,
      nativeUpdateModalShown: true,
    });
  });

  it('shows, toggles and hides the side menu', () => {
    store().toggleSideMenu();
    expect(store().sideMenuShown).toBe(true);
    store().toggleSideMenu();
    expect(store().sideMenuShown).toBe(false);
    store().setSideMenuShown(true);
    expect(store().sideMenuShown).toBe(true);
  });

  it('gives each toast its own id, and a dismissal by id only clears that toast', () => {
    store().showToast('一つ目');
    const first = store().toast;
    store().showToast('一つ目');
    const second = store().toast;
    expect(second?.message).toBe('一つ目');
    expect(second?.id).not.toBe(first?.id);

    store().dismissToast(first?.id);
    expect(store().toast).toBe(second);
    store().dismissToast(second?.id);
    expect(store().toast).toBeNull();

    store().showToast('二つ目');
    store().dismissToast();
    expect(store().toast).toBeNull();
  });

  it('keeps the help-modal message', () => {
    store().setHelpModalMessage('説明');
    expect(store().helpModalMessage).toBe('説明');
  });

  it('accepts whole non-negative unread counts only', () => {
    store().setUnreadInformationCount(3);
    expect(store().unreadInformationCount).toBe(3);
    expect(() => store().setUnreadInformationCount(-1)).toThrow(RangeError);
    expect(() => store().setUnreadInformationCount(1.5)).toThrow(RangeError);
    expect(store().unreadInformationCount).toBe(3);
  });

  it('resets everything', () => {
    store().setBusy(true);
    store().showToast('x');
    store().setUnreadInformationCount(2);
    store().reset();
    expect(store()).toMatchObject({ busy: false, toast: null, unreadInformationCount: 0 });
  });
});
