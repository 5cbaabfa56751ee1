import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFirstWith } from '../../../test/msw/server';
import { nisaHandlers } from '../../../test/msw/nisa-handlers';
import { plansHandlers } from '../../../test/msw/plans-handlers';
import { renderApp } from '../../../test/render-app';

// the NISA fixture: 2026 つみたて used 330,000 (870,000 left), 成長 1,880,000 left — customer 1000001's
// figures in issue 25
answerFirstWith([...plansHandlers, ...nisaHandlers]);

const base = '/trading/scheduledBuy/DEMOF005/confirm?pay=ACCOUNT_TRANSFER';
const text = (element: Element) => element.textContent?.replace(/\s+/g, '') ?? '';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-12T01:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('積立 confirm: a つみたて amount above the room says how it will be split', () => {
  it('says 1,500,000円 goes 870,000円 to つみたて and 630,000円 to 成長 before 設定する', async () => {
    renderApp(`${base}&account=nisa2_tsumitate&amount=1500000`);
    const note = await screen.findByRole('note', { name: 'NISAの投資枠による買付口座' }, { timeout: 4000 });
    expect(text(note)).toContain(
      '2026年の投資枠の残りでは、毎月の積立金額1,500,000円は次のとおり分けて買い付けます。',
    );
    const parts = within(note).getAllByRole('listitem').map(text);
    expect(parts).toEqual(['NISAつみたて投資枠：870,000円', 'NISA成長投資枠：630,000円']);
    expect(text(note)).toContain('12月下旬の買付は受渡日が翌年になり、翌年の枠を使います');
    expect(screen.getByRole('button', { name: '設定する' })).toBeEnabled();
  });

  it('says nothing more when the amount fits in つみたて', async () => {
    renderApp(`${base}&account=nisa2_tsumitate&amount=30000`);
    await screen.findByRole('region', { name: '初回の予定' }, { timeout: 4000 });
    expect(screen.queryByRole('note', { name: 'NISAの投資枠による買付口座' })).not.toBeInTheDocument();
  });
});
