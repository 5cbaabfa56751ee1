import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMailDraft } from '../../lib/mail/open-mail-draft';
import { CallCentre } from './call-centre';
import type * as MailModule from '../../lib/mail/open-mail-draft';

vi.mock('../../lib/mail/open-mail-draft', async (importOriginal) => ({
  ...(await importOriginal<typeof MailModule>()),
  openMailDraft: vi.fn(),
}));

afterEach(() => {
  vi.useRealTimers();
});

const expectedBody = [
  '【お問い合わせ内容】',
  '',
  '',
  '【不具合の詳細】',
  '発生日時：',
  'ご利用端末：',
  'OSバージョン：',
  '',
  '※不具合の状況がわかる画面のスクリーンショットがございましたら、添付ファイルとしてお送りください。',
  '',
  'お問い合わせID: user0001',
].join('\n');

describe('CallCentre', () => {
  it('shows the title and the phone number as a tel: link, nothing optional by default', () => {
    render(<CallCentre title="お問い合わせ先" />);
    expect(screen.getByRole('region', { name: 'お問い合わせ先' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0120-000-000' })).toHaveAttribute('href', 'tel:0120000000');
    expect(screen.queryByText('FAX')).not.toBeInTheDocument();
    expect(screen.queryByText('営業時間')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'support@example.jp' })).not.toBeInTheDocument();
  });

  it('shows the fax line, business hours and mail link when asked', () => {
    render(<CallCentre title="お問い合わせ先" showFax showBusinessHours showMail inquiryId="user0001" />);
    expect(screen.getByText('FAX').nextElementSibling).toHaveTextContent('03-0000-0000');
    expect(screen.getByRole('heading', { level: 3, name: '営業時間' })).toBeInTheDocument();
    expect(screen.getByText('9:00〜17:00')).toBeInTheDocument();
    expect(screen.getByText('土日・祝日・年末年始を除く')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@example.jp' })).toHaveAttribute(
      'href',
      'mailto:support@example.jp',
    );
  });

  it('opens a mail draft with the subject and body of spec §9, dated in JST at the moment of the click', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 15:07 UTC on 4 March is 00:07 on 5 March in Japan
    vi.setSystemTime(new Date('2026-03-04T15:07:42Z'));
    render(<CallCentre title="お問い合わせ先" showMail inquiryId="user0001" />);

    await userEvent.click(screen.getByRole('link', { name: 'support@example.jp' }));

    expect(openMailDraft).toHaveBeenCalledTimes(1);
    expect(openMailDraft).toHaveBeenCalledWith({
      to: 'support@example.jp',
      subject: 'セゾン投信お客さま窓口 2026年03月05日 00時07分 user0001',
      body: expectedBody,
    });
  });

  it('leaves the inquiry ID out of the subject when there is none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T23:59:00Z'));
    render(<CallCentre title="お問い合わせ先" showMail />);

    await userEvent.click(screen.getByRole('link', { name: 'support@example.jp' }));

    expect(vi.mocked(openMailDraft).mock.lastCall?.[0]).toMatchObject({
      subject: 'セゾン投信お客さま窓口 2026年11月21日 08時59分',
      body: expect.stringMatching(/\nお問い合わせID: $/),
    });
  });
});
