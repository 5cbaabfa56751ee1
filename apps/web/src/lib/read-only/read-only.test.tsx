import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../components/button/button';
import { LinkButton } from '../../components/button/link-button';
import { isWriteScreen, ReadOnlyContext } from './read-only';

function renderIn(readOnly: boolean, node: ReactNode) {
  render(
    <MemoryRouter>
      <ReadOnlyContext value={readOnly}>{node}</ReadOnlyContext>
    </MemoryRouter>,
  );
}

describe('read-only screens (an operator’s view, decision 024)', () => {
  it('disables a button that writes and says why; its click does nothing', async () => {
    const onClick = vi.fn();
    renderIn(
      true,
      <Button writes onClick={onClick}>
        取消
      </Button>,
    );
    const button = screen.getByRole('button', { name: '取消' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', '代理閲覧中のため操作できません');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps buttons that only show things, and every button of the customer app, as they are', async () => {
    const onClick = vi.fn();
    renderIn(true, <Button onClick={onClick}>さらに表示</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'さらに表示' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    renderIn(false, <Button writes>取り消す</Button>);
    expect(screen.getByRole('button', { name: '取り消す' })).toBeEnabled();
  });

  it('shows the way to a write screen as a disabled button, and keeps links to screens that only show', () => {
    renderIn(
      true,
      <>
        <LinkButton to="/trading/sell/DEMOF001">売却する</LinkButton>
        <LinkButton to="/assets/nisaBalance">NISA口座</LinkButton>
      </>,
    );
    expect(screen.getByRole('button', { name: '売却する' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: '売却する' })).toBeNull();
    expect(screen.getByRole('link', { name: 'NISA口座' })).toHaveAttribute('href', '/assets/nisaBalance');
  });

  it.each([
    ['/trading/buy/DEMOF001/input', true],
    ['/trading/sell/DEMOF001', true],
    ['/trading/scheduledBuy/DEMOF001/inputType', true],
    ['/trading/monthlyDeposit', true],
    ['/saisonConnect', true],
    ['/mypage/changeAgent', true],
    ['/trading', false],
    ['/assets', false],
    ['/cashflows?tab=orders', false],
  ])('%s is a write screen: %s', (path, expected) => {
    expect(isWriteScreen(path)).toBe(expected);
    expect(isWriteScreen({ pathname: path })).toBe(expected);
  });
});
