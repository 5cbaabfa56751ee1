import type { DistributionCourseChange } from '@fund/contracts';
import { FundLifePath } from '@fund/contracts/paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { holdingDistributionsFixture } from '../../test/msw/assets-handlers';
import { apiServer } from '../../test/msw/server';
import { renderApp } from '../../test/render-app';

// Issue 28 point 3: each holding shows its course and 累計分配金, and the course is changed from it.
/** A holding's card on 資産状況, once the page has rendered (lazy routes and loaders: up to 8 s under load). */
const holdingNamed = (name: string) => screen.findByRole('article', { name }, { timeout: 8000 });

describe('a holding’s distribution course', () => {
  it('holding-shows-its-course-and-changes-it-to-receive', async () => {
    const sent: DistributionCourseChange[] = [];
    let course: 'REINVEST' | 'RECEIVE' = 'REINVEST';
    apiServer.use(
      http.get(FundLifePath.distributionCourses, () =>
        HttpResponse.json({
          holdings: holdingDistributionsFixture.holdings.map((row) =>
            row.fundCode === 'DEMOF001' ? { ...row, course } : row,
          ),
        }),
      ),
      http.put(FundLifePath.distributionCourses, async ({ request }) => {
        const change = (await request.json()) as DistributionCourseChange;
        sent.push(change);
        course = change.course;
        return HttpResponse.json({ ...holdingDistributionsFixture.holdings[0], course });
      }),
    );
    const user = userEvent.setup();
    renderApp('/assets');
    const holding = await holdingNamed('さくらグローバルバランス（特定口座）');
    expect(within(holding).getByText('分配金の受取方法').nextElementSibling).toHaveTextContent('再投資');
    expect(within(holding).getByText('累計分配金（税引後）').nextElementSibling).toHaveTextContent(
      '12,345円うち再投資 12,345円',
    );
    await user.click(within(holding).getByRole('button', { name: /受取方法を変更/ }));
    await user.click(within(holding).getByRole('radio', { name: /^受取/ }));
    await user.click(within(holding).getByRole('button', { name: '変更する' }));
    expect(await within(holding).findByRole('status')).toHaveTextContent(
      '受取方法を「受取」に変更しました。次回の決算の分配金から適用されます。',
    );
    expect(sent).toEqual([{ fundCode: 'DEMOF001', accountType: 'specific', course: 'RECEIVE' }]);
  }, 20_000);

  it('holding-of-a-fund-being-redeemed-says-when-and-how-it-is-paid', async () => {
    renderApp('/assets');
    const holding = await holdingNamed('ひかり世界株FoF（特定口座）');
    expect(await within(holding).findByText(/このファンドは2027年1月20日に償還されます。/)).toHaveTextContent(
      'ご保有の口数は償還日の基準価額（償還価額）で換金し、信託財産留保額なしでお預り金に入金します（課税口座では売却と同じく譲渡益に課税）。ご注文の受付は2027年1月13日までです。',
    );
  }, 20_000);

  it('holding-says-when-its-distributions-cannot-be-shown-and-retries', async () => {
    let failing = true;
    apiServer.use(
      http.get(FundLifePath.distributionCourses, () =>
        failing
          ? HttpResponse.json({ code: '500-000', message: '' }, { status: 500 })
          : HttpResponse.json(holdingDistributionsFixture),
      ),
    );
    const user = userEvent.setup();
    renderApp('/assets');
    const holding = await holdingNamed('さくらグローバルバランス（特定口座）');
    expect(
      await within(holding).findByText('分配金の受取方法と累計分配金を表示できませんでした。', undefined, {
        timeout: 8000,
      }),
    ).toBeInTheDocument();
    failing = false;
    await user.click(within(holding).getByRole('button', { name: /再読み込み/ }));
    expect((await within(holding).findByText('分配金の受取方法')).nextElementSibling).toHaveTextContent(
      '再投資',
    );
  }, 30_000);
});
