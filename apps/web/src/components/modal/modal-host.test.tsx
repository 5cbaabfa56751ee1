import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../lib/store/ui-store';
import { HelpModal } from '../help-modal/help-modal';
import { ModalHost } from './modal-host';
import type { ModalContentProps, ModalRegistry, ModalRequest } from './modal-types';
import { useModal } from './use-modal';

function ConfirmModal({ titleId, close, cancel, message }: ModalContentProps & { message: string }) {
  return (
    <div>
      <h2 id={titleId}>確認</h2>
      <p>{message}</p>
      <button type="button" onClick={close}>
        完了
      </button>
      <button type="button" onClick={cancel}>
        やめる
      </button>
    </div>
  );
}

const registry: ModalRegistry = { help: { component: HelpModal, isHalfModal: true } };

type Options = Partial<Omit<ModalRequest<{ message: string }>, 'component' | 'props'>>;

function routesFor(options: Options): RouteObject[] {
  function Page() {
    const { openModal } = useModal();
    const open = () =>
      openModal({
        name: 'confirm',
        component: ConfirmModal,
        props: { message: '内容をご確認ください' },
        ...options,
      });
    return (
      <>
        <h1>ページ</h1>
        <button type="button" onClick={open}>
          開く
        </button>
        <ModalHost registry={registry} />
      </>
    );
  }
  return [{ path: '/', Component: Page }];
}

function renderHost(options: Options = {}, entry = '/') {
  const router = createMemoryRouter(routesFor(options), { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

async function openFromButton(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '開く' }));
  return screen.findByRole('dialog', { name: '確認' });
}

describe('ModalHost', () => {
  it('opens the modal as a labelled dialog, adds ?modal=<name> as a new history entry and moves focus into it', async () => {
    const user = userEvent.setup();
    const router = renderHost();
    const dialog = await openFromButton(user);

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('内容をご確認ください');
    expect(router.state.location.search).toBe('?modal=confirm');
    expect(router.state.historyAction).toBe('PUSH');
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape, calls the cancel callback, removes the parameter and gives focus back', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const router = renderHost({ onCancel });
    await openFromButton(user);

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: '開く' })).toHaveFocus();
  });

  it('closes on a backdrop click and calls the cancel callback', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const router = renderHost({ onCancel });
    await openFromButton(user);

    await user.click(screen.getByTestId('modal-backdrop'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('closes on browser back and calls the cancel callback', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const router = renderHost({ onCancel });
    await openFromButton(user);

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('');
  });

  it('closes on a real popstate of the browser history', async () => {
    window.history.replaceState(null, '', '/');
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const router = createBrowserRouter(routesFor({ onCancel }));
    render(<RouterProvider router={router} />);
    await openFromButton(user);
    expect(window.location.search).toBe('?modal=confirm');

    act(() => window.history.back());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('');
    expect(onCancel).toHaveBeenCalledTimes(1);
    router.dispose();
  });

  it("closes through the modal's own action without calling the cancel callback", async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const router = renderHost({ onCancel });
    await openFromButton(user);

    await user.click(screen.getByRole('button', { name: '完了' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows a 閉じる button in the half-height variant, which closes it as a cancellation', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderHost({ isHalfModal: true, onCancel });
    const dialog = await openFromButton(user);
    expect(dialog).toHaveClass('modal-panel--half');

    await user.click(screen.getByRole('button', { name: '閉じる' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('has no 閉じる button in the full-height variant', async () => {
    const user = userEvent.setup();
    renderHost();
    await openFromButton(user);
    expect(screen.queryByRole('button', { name: '閉じる' })).not.toBeInTheDocument();
  });

  describe('when not closable', () => {
    it('ignores Escape and backdrop clicks and shows no 閉じる button', async () => {
      const user = userEvent.setup();
      const onCancel = vi.fn();
      renderHost({ isClosable: false, isHalfModal: true, onCancel });
      await openFromButton(user);

      await user.keyboard('{Escape}');
      await user.click(screen.getByTestId('modal-backdrop'));

      expect(screen.getByRole('dialog', { name: '確認' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '閉じる' })).not.toBeInTheDocument();
      expect(onCancel).not.toHaveBeenCalled();
    });

    it('puts the parameter back after browser back and stays open', async () => {
      const user = userEvent.setup();
      const onCancel = vi.fn();
      const router = renderHost({ isClosable: false, onCancel });
      await openFromButton(user);

      await act(() => router.navigate(-1));

      await waitFor(() => expect(router.state.location.search).toBe('?modal=confirm'));
      expect(screen.getByRole('dialog', { name: '確認' })).toBeInTheDocument();
      expect(onCancel).not.toHaveBeenCalled();
    });

    it("still closes through the modal's own cancel action, calling the callback", async () => {
      const user = userEvent.setup();
      const onCancel = vi.fn();
      renderHost({ isClosable: false, onCancel });
      await openFromButton(user);

      await user.click(screen.getByRole('button', { name: 'やめる' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(onCancel).toHaveBeenCalledTimes(1);
    });
  });

  it('locks the page scroll while open and restores the previous value', async () => {
    document.body.style.overflow = 'scroll';
    const user = userEvent.setup();
    renderHost();
    await openFromButton(user);
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderHost();
    const dialog = await openFromButton(user);
    const done = screen.getByRole('button', { name: '完了' });
    const stop = screen.getByRole('button', { name: 'やめる' });
    expect(dialog).toHaveFocus();

    await user.tab();
    expect(done).toHaveFocus();
    await user.tab();
    expect(stop).toHaveFocus();
    await user.tab();
    expect(done).toHaveFocus();
    await user.tab({ shift: true });
    expect(stop).toHaveFocus();
  });

  describe('opened by URL', () => {
    it('opens a registered modal from ?modal=help with the store message, and Escape removes the parameter', async () => {
      useUiStore.getState().setHelpModalMessage('ヘルプの説明文');
      const user = userEvent.setup();
      const router = renderHost({}, '/?modal=help');

      const dialog = await screen.findByRole('dialog', { name: 'ヘルプ' });
      expect(dialog).toHaveTextContent('ヘルプの説明文');
      expect(screen.getByRole('button', { name: '閉じる' })).toBeInTheDocument();

      await user.keyboard('{Escape}');

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(router.state.location.search).toBe(''));
      // the entry came with the URL, so it is replaced rather than left by going back
      expect(router.state.historyAction).toBe('REPLACE');
    });

    it('drops an unknown modal name from the URL', async () => {
      const router = renderHost({}, '/?modal=unknown&x=1');
      await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
