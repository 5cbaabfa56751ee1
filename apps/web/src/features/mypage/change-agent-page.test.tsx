import type { AgentOfAccount } from '@fund/contracts';
import { AgentPath } from '@fund/contracts/paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { guardianAgent } from '../../test/msw/agent-handlers';
import { apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

/** These tests type whole forms key by key: more than the default 5 s on a busy machine. */
const typedFormTimeout = 20_000;

const representative: AgentOfAccount = {
  kind: 'REPRESENTATIVE',
  agent: {
    kind: 'REPRESENTATIVE',
    lastName: '緑川',
    firstName: '誠',
    lastNameKana: 'ミドリカワ',
    firstNameKana: 'マコト',
    relationship: '代表取締役',
    updatedAt: '2026-10-01T01:00:00.000Z',
  },
};

/** Answers the change with what was sent, or with the refusal given; records the bodies. */
function answerChange(refusal?: { status: number; body: unknown }) {
  const sent: Record<string, string>[] = [];
  apiServer.use(
    http.put(AgentPath.agent, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.push(body);
      if (refusal !== undefined) return HttpResponse.json(refusal.body as object, { status: refusal.status });
      const { currentPassword: _, ...agent } = body;
      return HttpResponse.json({
        kind: guardianAgent.kind,
        agent: { ...agent, kind: guardianAgent.kind, updatedAt: '2026-11-25T03:00:00.000Z' },
      });
    }),
  );
  return sent;
}

async function fillMother(password: string) {
  await userEvent.type(screen.getByLabelText(/^姓必須/), '青木');
  await userEvent.type(screen.getByLabelText(/^名必須/), '美香');
  await userEvent.type(screen.getByLabelText(/^姓（フリガナ）/), 'アオキ');
  await userEvent.type(screen.getByLabelText(/^名（フリガナ）/), 'ミカ');
  await userEvent.selectOptions(screen.getByLabelText(/^続柄/), '母');
  await userEvent.type(screen.getByLabelText(/^現在のパスワード/), password);
}

function errorAt(label: RegExp): string | null | undefined {
  const input = screen.getByLabelText(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return document.getElementById(ids.at(-1) ?? '')?.textContent;
}

describe('代理人の変更 (/mypage/changeAgent, decision 020)', { timeout: typedFormTimeout }, () => {
  it('shows the minor’s 法定代理人 with the relationship in Japanese', async () => {
    renderApp('/mypage/changeAgent');
    expect(
      await screen.findByRole('heading', { name: '現在の法定代理人' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    const current = screen.getByRole('region', { name: '現在の法定代理人' });
    expect(within(current).getByText('青木 健太')).toBeInTheDocument();
    expect(within(current).getByText('父')).toBeInTheDocument();
  });

  it('changes the 法定代理人 with the current password and shows the new one', async () => {
    const sent = answerChange();
    renderApp('/mypage/changeAgent');
    await screen.findByRole('heading', { name: '法定代理人を変更する' }, { timeout: 4000 });
    await fillMother('Demo-Pass-2026');
    await userEvent.click(screen.getByRole('button', { name: '法定代理人を変更する' }));
    expect(await screen.findByText(/法定代理人を変更しました/)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        lastName: '青木',
        firstName: '美香',
        lastNameKana: 'アオキ',
        firstNameKana: 'ミカ',
        relationship: 'MOTHER',
        currentPassword: 'Demo-Pass-2026',
      },
    ]);
    expect(await screen.findByText('青木 美香')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '現在の法定代理人' })).getByText('母'),
    ).toBeInTheDocument();
  });

  it('says the missing fields in Japanese at each field before calling', async () => {
    const sent = answerChange();
    renderApp('/mypage/changeAgent');
    await userEvent.click(
      await screen.findByRole('button', { name: '法定代理人を変更する' }, { timeout: 4000 }),
    );
    expect(errorAt(/^姓必須/)).toBe('姓を入力してください');
    expect(errorAt(/^続柄/)).toBe('続柄を選んでください');
    expect(errorAt(/^現在のパスワード/)).toBe('本人確認のため、現在のパスワードを入力してください');
    await userEvent.type(screen.getByLabelText(/^名（フリガナ）/), 'みか');
    await userEvent.tab();
    expect(errorAt(/^名（フリガナ）/)).toBe('名（フリガナ）は全角カタカナで入力してください');
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password at the password field and clears it', async () => {
    answerChange({
      status: 400,
      body: {
        code: '400-000',
        message: '現在のパスワードが正しくありません。',
        fields: [{ field: 'currentPassword', message: '現在のパスワードが正しくありません。' }],
      },
    });
    renderApp('/mypage/changeAgent');
    await screen.findByRole('heading', { name: '法定代理人を変更する' }, { timeout: 4000 });
    await fillMother('Wrong-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: '法定代理人を変更する' }));
    await vi.waitFor(() => expect(errorAt(/^現在のパスワード/)).toBe('現在のパスワードが正しくありません。'));
    expect(screen.getByLabelText(/^現在のパスワード/)).toHaveValue('');
    expect(screen.getByText('青木 健太')).toBeInTheDocument();
  });

  it('asks a corporation for its 代表者 with a title typed in', async () => {
    apiServer.use(http.get(AgentPath.agent, () => HttpResponse.json(representative)));
    renderApp('/mypage/changeAgent');
    expect(
      await screen.findByRole('heading', { name: '現在の代表者' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('代表取締役')).toBeInTheDocument();
    expect(screen.getByLabelText(/^役職/)).toHaveAttribute('type', 'text');
  });

  it('explains that an adult’s own account has no 代理人, without a toast', async () => {
    apiServer.use(
      http.get(AgentPath.agent, () =>
        HttpResponse.json(
          { code: '400-666', message: 'ご本人名義の口座には代理人の登録はありません。' },
          { status: 400 },
        ),
      ),
    );
    renderApp('/mypage/changeAgent');
    expect(
      await screen.findByRole('heading', { name: '代理人の登録はありません' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'マイページへ戻る' })).toHaveAttribute('href', '/mypage');
    expect(screen.queryByRole('button', { name: /変更する/ })).toBeNull();
    // a pass-through code: the server's sentence is not toasted on top of the page's explanation
    expect(screen.queryByText('ご本人名義の口座には代理人の登録はありません。')).toBeNull();
  });
});
