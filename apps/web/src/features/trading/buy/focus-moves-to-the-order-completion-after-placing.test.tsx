import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyHandlers } from '../../../test/msw/buy-handlers';
import { answerFirstWith } from '../../../test/msw/server';
import { renderApp } from '../../../test/render-app';

// Issue 25: after 注文する the focus fell to <body>: the completion replaced the confirmation on the same
// page. Its heading takes the focus, so a screen reader says the order was accepted.
answerFirstWith(buyHandlers);

describe('注文する', () => {
  it('moves the focus to the completion’s heading', async () => {
    renderApp('/trading/buy/DEMOF003/confirm?type=AMOUNT&amount=50000&account=specific');
    await userEvent.click(await screen.findByRole('button', { name: '注文する' }));
    const heading = await screen.findByRole('heading', { level: 1, name: '注文を受け付けました' });
    expect(heading).toHaveFocus();
  });
});
