import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../components/button/button';
import { LinkButton } from '../../components/button/link-button';
import { CallCentre } from '../../components/call-centre/call-centre';
import { ExternalLink } from '../../components/external-link/external-link';
import { List, ListRow } from '../../components/ui';
import { supportContact } from '../../config/support';
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

  it('shows a list row leading to a write screen as a disabled button, its content still read', () => {
    renderIn(
      true,
      <List label="積立の一覧">
        <ListRow
          title="さくらグローバルバランス"
          value="月30,000円"
          to="/trading/scheduledBuy/DEMOF001/inputType"
        />
        <ListRow title="資産状況" to="/assets" />
      </List>,
    );
    const row = screen.getByRole('button', { name: /さくらグローバルバランス 月30,000円/ });
    expect(row).toBeDisabled();
    expect(row).toHaveAttribute('title', '代理閲覧中のため操作できません');
    expect(screen.getByRole('link', { name: '資産状況' })).toHaveAttribute('href', '/assets');
  });

  it('disables a link to another site that changes something, and the mail to support; keeps other links', () => {
    renderIn(
      true,
      <>
        <ExternalLink href="https://id.example.jp/account/password" writes>
          パスワードを変更する
        </ExternalLink>
        <ExternalLink href="https://funds.example.jp/prospectus.pdf">交付目論見書を読む</ExternalLink>
        <CallCentre title="お問い合わせ" showMail />
      </>,
    );
    expect(screen.getByRole('button', { name: 'パスワードを変更する' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /交付目論見書を読む/ })).toHaveAttribute(
      'href',
      'https://funds.example.jp/prospectus.pdf',
    );
    expect(screen.getByRole('button', { name: supportContact.mailAddress })).toBeDisabled();
    expect(screen.queryByRole('link', { name: supportContact.mailAddress })).toBeNull();
  });

  it('keeps those links in the customer app', () => {
    renderIn(
      false,
      <>
        <List>
          <ListRow title="毎月の入金" to="/trading/monthlyDeposit" />
        </List>
        <ExternalLink href="https://id.example.jp/account/password" writes>
          パスワードを変更する
        </ExternalLink>
        <CallCentre title="お問い合わせ" showMail />
      </>,
    );
    expect(screen.getByRole('link', { name: '毎月の入金' })).toHaveAttribute(
      'href',
      '/trading/monthlyDeposit',
    );
    expect(screen.getByRole('link', { name: /パスワードを変更する/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: supportContact.mailAddress })).toHaveAttribute(
      'href',
      `mailto:${supportContact.mailAddress}`,
    );
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
