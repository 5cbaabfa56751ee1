import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

// Issue 25: the side menu was not modal: after ログアウト, Tab walked into the controls of the page hidden
// behind the open drawer. Open, it is a modal dialog: the focus moves in and stays in, the page behind is
// inert, and Escape, 閉じる or a tap beside it close it with the focus back on メニュー.

async function openMenu() {
  const user = userEvent.setup();
  renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'ホーム' });
  const menuButton = within(screen.getByRole('navigation', { name: '主なページ' })).getByRole('button', {
    name: 'メニュー',
  });
  // the shell renders once more after its first paint; a click on the first render can be lost
  await waitFor(async () => {
    if (menuButton.getAttribute('aria-expanded') !== 'true') await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  });
  const dialog = screen.getByRole('dialog', { name: 'メニュー' });
  return { user, menuButton, dialog };
}

describe('the side menu is a modal dialog', () => {
  it('moves the focus in, and Tab after ログアウト comes back to the menu’s first control, never the page', async () => {
    const { user, dialog } = await openMenu();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('link', { name: 'ホーム' })).toHaveFocus();
    const signOut = within(dialog).getByRole('button', { name: 'ログアウト' });
    for (let step = 0; step < 20 && document.activeElement !== signOut; step += 1) await user.tab();
    expect(signOut).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: '閉じる' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(signOut).toHaveFocus();
  });

  it('makes everything behind it inert: header, page, footer and tab bar', async () => {
    const { dialog } = await openMenu();
    const behind = document.querySelector('.layout__behind-menu');
    expect(behind).toHaveAttribute('inert');
    for (const part of [
      screen.getByRole('banner'),
      document.querySelector('main'),
      screen.getByRole('contentinfo'),
    ]) {
      expect(behind?.contains(part)).toBe(true);
    }
    expect(behind?.contains(screen.getByRole('navigation', { name: '主なページ' }))).toBe(true);
    expect(behind?.contains(dialog)).toBe(false);
  });

  it('閉じる closes it and gives the focus back to メニュー; the page is live again', async () => {
    const { user, menuButton, dialog } = await openMenu();
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(document.querySelector('.layout__behind-menu')).not.toHaveAttribute('inert');
  });

  it('a tap beside it closes it and gives the focus back to メニュー', async () => {
    const { user, menuButton } = await openMenu();
    const backdrop = document.querySelector('.side-menu-backdrop');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('Escape closes it and gives the focus back to メニュー', async () => {
    const { user, menuButton } = await openMenu();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });
});
