import { IdentityAccountPath } from '@fund/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSignIn } from '../../lib/auth/sign-in';
import { apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

/** These tests type whole forms key by key: more than the default 5 s on a busy machine. */
const typedFormTimeout = 20_000;

// a visitor without a session: nothing is stored before the page renders
vi.mock('../../lib/auth/test/fake-session', () => ({ seedSignedInSession: () => undefined }));
vi.mock('../../lib/auth/sign-in', () => ({ startSignIn: vi.fn(() => Promise.resolve()) }));

afterEach(() => {
  vi.mocked(startSignIn).mockClear();
});

const resetId = '7d9f5c1a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const secondResetId = '0a1b2c3d-4e5f-4a6b-9c7d-8e9fa0b1c2d3';
const expiresAt = '2026-11-25T10:10:00.000Z';

/** The identity service's reset calls, recording what the page sent. */
function answerReset(
  confirm: (body: Record<string, string>) => Response = () => new Response(null, { status: 204 }),
) {
  const sent: { forgot: unknown[]; confirm: Record<string, string>[] } = { forgot: [], confirm: [] };
  apiServer.use(
    http.post(IdentityAccountPath.passwordForgot, async ({ request }) => {
      sent.forgot.push(await request.json());
      // a fresh id for every request, as the identity service answers
      return HttpResponse.json(
        { resetId: sent.forgot.length === 1 ? resetId : secondResetId, expiresAt },
        { status: 202 },
      );
    }),
    http.post(IdentityAccountPath.passwordConfirm, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.confirm.push(body);
      return confirm(body);
    }),
  );
  return sent;
}

const badRequest = (message: string) => HttpResponse.json({ code: '400-000', message }, { status: 400 });

async function requestCode(login: string) {
  await userEvent.type(
    await screen.findByLabelText(/口座番号またはメールアドレス/, undefined, { timeout: 4000 }),
    login,
  );
  await userEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
  await screen.findByLabelText(/^確認コード/);
}

async function fillNewPassword(code: string, password: string, again = password) {
  await userEvent.clear(screen.getByLabelText(/^確認コード/));
  await userEvent.type(screen.getByLabelText(/^確認コード/), code);
  await userEvent.clear(screen.getByLabelText(/^新しいパスワード必須/));
  await userEvent.type(screen.getByLabelText(/^新しいパスワード必須/), password);
  await userEvent.clear(screen.getByLabelText(/^新しいパスワード（確認用）/));
  await userEvent.type(screen.getByLabelText(/^新しいパスワード（確認用）/), again);
  await userEvent.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
}

function errorOf(label: RegExp): string | null | undefined {
  const input = screen.getByLabelText(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return document.getElementById(ids.at(-1) ?? '')?.textContent;
}

describe(
  '/resetPassword: the identity service reset in the page (decision 020)',
  { timeout: typedFormTimeout },
  () => {
    it('asks for the 口座番号 or address before sending anything', async () => {
      const sent = answerReset();
      renderApp('/resetPassword');
      await userEvent.click(
        await screen.findByRole('button', { name: '確認コードを送信する' }, { timeout: 4000 }),
      );
      expect(errorOf(/口座番号またはメールアドレス/)).toBe('口座番号またはメールアドレスを入力してください');
      expect(sent.forgot).toEqual([]);
    });

    it('sends the code, sets the new password with it and goes to the done page, which signs in to the home page', async () => {
      const sent = answerReset();
      const { router } = renderApp('/resetPassword');
      await requestCode('1000003');
      expect(sent.forgot).toEqual([{ login: '1000003' }]);
      await fillNewPassword('123456', 'Hoshizora-Kirari-2026');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定が完了しました' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/resetPassword/done');
      expect(sent.confirm).toEqual([{ resetId, code: '123456', newPassword: 'Hoshizora-Kirari-2026' }]);
      await userEvent.click(screen.getByRole('button', { name: 'ログインする' }));
      expect(startSignIn).toHaveBeenCalledWith({ returnTo: '/' });
    });

    it('says a wrong code at the code and an unacceptable password at the password, in Japanese', async () => {
      answerReset(({ code }) =>
        code === '000000'
          ? badRequest('確認コードが正しくありません。')
          : badRequest('よく使われるパスワードは使えません。別のパスワードを入力してください。'),
      );
      renderApp('/resetPassword');
      await requestCode('taro@example.jp');
      await fillNewPassword('000000', 'Hoshizora-Kirari-2026');
      await vi.waitFor(() => expect(errorOf(/^確認コード/)).toBe('確認コードが正しくありません。'));
      await fillNewPassword('123456', 'password1234');
      await vi.waitFor(() =>
        expect(errorOf(/^新しいパスワード必須/)).toBe(
          'よく使われるパスワードは使えません。別のパスワードを入力してください。',
        ),
      );
    });

    it('checks the code, the length and the second entry of the password before calling', async () => {
      const sent = answerReset();
      renderApp('/resetPassword');
      await requestCode('1000003');
      await fillNewPassword('12ab', 'short', 'different');
      expect(errorOf(/^確認コード/)).toBe('確認コードは6桁の数字で入力してください');
      expect(errorOf(/^新しいパスワード必須/)).toBe('パスワードは8文字以上で入力してください');
      await fillNewPassword('123456', 'Hoshizora-Kirari-2026', 'Hoshizora-Kirari-2025');
      expect(errorOf(/^新しいパスワード（確認用）/)).toBe(
        '新しいパスワードが一致しません。同じパスワードを入力してください',
      );
      expect(sent.confirm).toEqual([]);
    });

    it('sends a new code for the same 口座番号, and uses the new reset with it', async () => {
      const sent = answerReset();
      renderApp('/resetPassword');
      await requestCode('1000003');
      await userEvent.click(screen.getByRole('button', { name: '確認コードを再送信する' }));
      expect(await screen.findByText(/確認コードを再送信しました/)).toBeInTheDocument();
      expect(sent.forgot).toEqual([{ login: '1000003' }, { login: '1000003' }]);
      await fillNewPassword('654321', 'Hoshizora-Kirari-2026');
      await screen.findByRole('heading', { level: 1, name: 'パスワードの再設定が完了しました' });
      expect(sent.confirm).toEqual([
        { resetId: secondResetId, code: '654321', newPassword: 'Hoshizora-Kirari-2026' },
      ]);
    });

    it('says too many tries above the form', async () => {
      apiServer.use(
        http.post(IdentityAccountPath.passwordForgot, () =>
          HttpResponse.json({ code: '429-000', message: '' }, { status: 429 }),
        ),
      );
      renderApp('/resetPassword');
      await userEvent.type(
        await screen.findByLabelText(/口座番号またはメールアドレス/, undefined, { timeout: 4000 }),
        '1000003',
      );
      await userEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/しばらく時間をおいて再度お試しください/);
    });
  },
);

describe(
  '/redirect/resetPassword: the landing outside sites send a customer to',
  { timeout: typedFormTimeout },
  () => {
    it('fills in a 口座番号 it was given and signs in to the page of this app it names after the reset', async () => {
      answerReset();
      const { router } = renderApp('/redirect/resetPassword?username=1000003&returnTo=%2Fassets');
      const login = await screen.findByLabelText(/口座番号またはメールアドレス/, undefined, {
        timeout: 4000,
      });
      expect(router.state.location.pathname).toBe('/resetPassword');
      expect(login).toHaveValue('1000003');
      await userEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
      await screen.findByLabelText(/^確認コード/);
      await fillNewPassword('123456', 'Hoshizora-Kirari-2026');
      await userEvent.click(await screen.findByRole('button', { name: 'ログインする' }));
      expect(startSignIn).toHaveBeenCalledWith({ returnTo: '/assets' });
    });

    it('keeps the 口座番号 when the landing fades out with the page transition (no reduced motion)', async () => {
      // while the landing fades out it already sees /resetPassword's empty query: it must not go on again
      window.matchMedia = (query: string) =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) satisfies MediaQueryList;
      const { router } = renderApp('/redirect/resetPassword?username=1000003');
      const login = await screen.findByLabelText(/口座番号またはメールアドレス/, undefined, {
        timeout: 4000,
      });
      expect(login).toHaveValue('1000003');
      expect(router.state.location.state).toEqual({ login: '1000003', returnTo: '/' });
    });

    it.each([
      ['another site', 'https://evil.example/steal'],
      ['a protocol-relative host', '//evil.example/steal'],
      ['a backslash host', '/\\evil.example'],
      ['a script URL', 'javascript:alert(1)'],
    ])('refuses %s as the page to return to: the home page instead', async (_, returnTo) => {
      answerReset();
      const query = new URLSearchParams({ username: '1000003"><b>', returnTo });
      renderApp(`/redirect/resetPassword?${query.toString()}`);
      const login = await screen.findByLabelText(/口座番号またはメールアドレス/, undefined, {
        timeout: 4000,
      });
      expect(login).toHaveValue('');
      await requestCodeWith(login, '1000003');
      await fillNewPassword('123456', 'Hoshizora-Kirari-2026');
      await userEvent.click(await screen.findByRole('button', { name: 'ログインする' }));
      expect(startSignIn).toHaveBeenCalledWith({ returnTo: '/' });
    });
  },
);

async function requestCodeWith(input: HTMLElement, login: string) {
  await userEvent.type(input, login);
  await userEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
  await screen.findByLabelText(/^確認コード/);
}

describe('/redirect/openAccount: back from the account-opening site', { timeout: typedFormTimeout }, () => {
  it('signs in to the home page with the 口座番号 it was handed filled in, following no other parameter', async () => {
    renderApp('/redirect/openAccount?username=1000007&returnTo=https%3A%2F%2Fevil.example%2F');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'リダイレクトしています' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(startSignIn).toHaveBeenCalledWith({ returnTo: '/', loginHint: '1000007' }));
  });

  it('drops a username that is not a 口座番号', async () => {
    renderApp('/redirect/openAccount?username=%3Cscript%3E');
    await vi.waitFor(() => expect(startSignIn).toHaveBeenCalledWith({ returnTo: '/' }));
    expect(within(document.body).queryByText('<script>')).toBeNull();
  });
});
