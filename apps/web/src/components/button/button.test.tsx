import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { LinkButton } from './link-button';

describe('Button', () => {
  it('calls onClick and defaults to a primary, non-submitting button', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>購入する</Button>);
    const button = screen.getByRole('button', { name: '購入する' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('button', 'button--primary');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does nothing when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        購入する
      </Button>,
    );
    const button = screen.getByRole('button', { name: '購入する' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('while loading shows a spinner, is aria-busy, keeps focus and ignores clicks and submits', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" loading onClick={onClick}>
          送信する
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: '送信する' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button.querySelector('.button__spinner')).not.toBeNull();

    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('has no busy state or spinner when not loading', () => {
    render(<Button>送信する</Button>);
    const button = screen.getByRole('button', { name: '送信する' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button.querySelector('.button__spinner')).toBeNull();
  });

  it.each(['primary', 'secondary', 'outline', 'danger', 'text'] as const)(
    'applies the %s colour style',
    (variant) => {
      render(<Button variant={variant}>ボタン</Button>);
      expect(screen.getByRole('button')).toHaveClass(`button--${variant}`);
    },
  );

  it('applies bold', () => {
    render(<Button bold>ボタン</Button>);
    expect(screen.getByRole('button')).toHaveClass('button--bold');
  });

  it('applies width, height and font size, numbers as pixels', () => {
    render(
      <Button width={200} height="3rem" fontSize={18}>
        ボタン
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button.style.width).toBe('200px');
    expect(button.style.height).toBe('3rem');
    expect(button.style.fontSize).toBe('18px');
  });

  it('sets no style at all without sizes', () => {
    render(<Button>ボタン</Button>);
    expect(screen.getByRole('button')).not.toHaveAttribute('style');
  });
});

describe('LinkButton', () => {
  it('links to a page of the app with the button look', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => (
          <LinkButton to="/trading" variant="outline" bold width="100%">
            取引へ
          </LinkButton>
        ),
      },
      { path: '/trading', Component: () => <h1>取引</h1> },
    ]);
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: '取引へ' });
    expect(link).toHaveAttribute('href', '/trading');
    expect(link).toHaveClass('button', 'button--outline', 'button--bold');
    expect(link.style.width).toBe('100%');
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: '取引' })).toBeInTheDocument();
  });

  it('opens another site in a new window without opener or referrer', () => {
    render(<LinkButton href="https://www.example.jp/news/">お知らせ</LinkButton>);
    const link = screen.getByRole('link', { name: /お知らせ/ });
    expect(link).toHaveAttribute('href', 'https://www.example.jp/news/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('お知らせ（新しいウィンドウで開きます）');
  });
});
