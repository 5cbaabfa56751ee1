import type { ChildAutoCompletion } from '@fund/contracts';
import { TemporaryUserPath } from '@fund/contracts/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedSignedInSession } from '../lib/auth/test/fake-session';
import { SERVICE_NAME } from '../config/site';
import { createQueryClient } from '../lib/query/query-client';
import { apiServer } from '../test/msw/server';
import { ChildAccountPage } from './child-account-page';

const created: ChildAutoCompletion = {
  temporaryUser: {
    temporaryUserId: '40000000-0000-4000-8000-000000000001',
    lastName: '青木',
    firstName: '花子',
    lastNameKana: 'アオキ',
    firstNameKana: 'ハナコ',
    birthDate: '2015-04-01',
    guardian: { name: '青木 健太', relationship: 'PARENT' },
    expiresAt: '2026-11-26T01:00:00.000Z',
  },
};
const bodies: unknown[] = [];

beforeEach(() => {
  seedSignedInSession();
  bodies.length = 0;
  apiServer.use(
    http.post(TemporaryUserPath.childAutoCompletion, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(created);
    }),
  );
});

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChildAccountPage />
    </QueryClientProvider>,
  );
}

async function fillChild(firstName: string, kana: string, birthDate: string) {
  await userEvent.type(screen.getByLabelText(/お名前（名）/), firstName);
  await userEvent.type(screen.getByLabelText(/フリガナ（名）/), kana);
  fireEvent.change(screen.getByLabelText(/生年月日/), { target: { value: birthDate } });
}

describe('お子さまの口座開設 (the temporary build)', () => {
  it('shows the service’s mark in a page header, as the customer app’s screens do', () => {
    renderPage();
    expect(screen.getByRole('banner')).toHaveTextContent(SERVICE_NAME);
    expect(screen.getByRole('heading', { level: 1, name: 'お子さまの口座開設' })).toBeInTheDocument();
  });

  it('creates the temporary user from the child’s own data and hands its id to the account-opening site', async () => {
    renderPage();
    await fillChild('花子', 'ハナコ', '2015-04-01');
    await userEvent.click(screen.getByRole('button', { name: '仮登録して口座開設へ進む' }));
    expect(await screen.findByRole('status')).toHaveTextContent('お子さまの仮登録ができました。');
    expect(bodies).toEqual([{ firstName: '花子', firstNameKana: 'ハナコ', birthDate: '2015-04-01' }]);
    const link = screen.getByRole('link', { name: /口座開設サイトへ進む/ });
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('temporaryUserId')).toBe(
      created.temporaryUser.temporaryUserId,
    );
    expect(screen.getByText('青木 健太')).toBeInTheDocument();
  });

  it('checks the child’s data in the browser first, without calling the service', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText(/フリガナ（名）/), 'hanako');
    await userEvent.click(screen.getByRole('button', { name: '仮登録して口座開設へ進む' }));
    expect(screen.getByLabelText(/お名前（名）/)).toHaveAccessibleDescription(
      'お名前（名）を入力してください。',
    );
    expect(screen.getByLabelText(/フリガナ（名）/)).toHaveAccessibleDescription(/全角カタカナ50文字以内/);
    expect(screen.getByLabelText(/生年月日/)).toHaveAccessibleDescription('生年月日を入力してください。');
    expect(bodies).toEqual([]);
  });

  it('shows the service’s refusal (an adult child, not a parent’s account) beside the form', async () => {
    apiServer.use(
      http.post(TemporaryUserPath.childAutoCompletion, () =>
        HttpResponse.json(
          { code: '400-000', message: 'お子さまの口座は18歳未満の方が対象です。生年月日をご確認ください。' },
          { status: 400 },
        ),
      ),
    );
    renderPage();
    await fillChild('花子', 'ハナコ', '2000-04-01');
    await userEvent.click(screen.getByRole('button', { name: '仮登録して口座開設へ進む' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('18歳未満の方が対象です');
  });
});
