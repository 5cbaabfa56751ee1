import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSessionUser } from '../../lib/auth/session-user';
import { fakeAccessToken } from '../../lib/auth/test/fake-jwt';
import { writeTokenSet } from '../../lib/auth/token-store';
import { openMailDraft } from '../../lib/mail/open-mail-draft';
import { CallCentre } from './call-centre';
import type * as MailModule from '../../lib/mail/open-mail-draft';

vi.mock('../../lib/mail/open-mail-draft', async (importOriginal) => ({
  ...(await importOriginal<typeof MailModule>()),
  openMailDraft: vi.fn(),
}));

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('call-centre mail: the inquiry ID (spec §3)', () => {
  it('is the sign-in user name of the token when the page gives none, not the customer’s name', async () => {
    writeSessionUser({
      name: '青木 健太',
      branchCode: '001',
      accountNumber: '1234567',
      accountRole: 'ADULT',
    });
    writeTokenSet({ access_token: fakeAccessToken(600, 'user0042'), token_type: 'Bearer' });
    render(<CallCentre title="お問い合わせ先" showMail />);
    await userEvent.click(screen.getByRole('link', { name: 'support@example.jp' }));
    expect(vi.mocked(openMailDraft).mock.lastCall?.[0]).toMatchObject({
      subject: expect.stringMatching(/ user0042$/),
      body: expect.stringMatching(/\nお問い合わせID: user0042$/),
    });
    expect(vi.mocked(openMailDraft).mock.lastCall?.[0].subject).not.toContain('青木');
  });

  it('is the one the page gives, when it gives one', async () => {
    writeSessionUser({ name: 'user0042', branchCode: '001', accountNumber: '1234567', accountRole: 'ADULT' });
    render(<CallCentre title="お問い合わせ先" showMail inquiryId="user0001" />);
    await userEvent.click(screen.getByRole('link', { name: 'support@example.jp' }));
    expect(vi.mocked(openMailDraft).mock.lastCall?.[0]).toMatchObject({
      subject: expect.stringMatching(/ user0001$/),
    });
  });
});
