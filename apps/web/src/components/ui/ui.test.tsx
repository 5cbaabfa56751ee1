import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTransition, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PRIVACY_STORAGE_KEY, usePrivacyStore } from '../../lib/privacy/privacy-store';
import {
  AmountInput,
  Change,
  DescriptionList,
  digitsOf,
  Field,
  groupedDigits,
  List,
  ListRow,
  Money,
  NavPrice,
  PrivacyToggle,
  Rate,
  SegmentedControl,
  TabPanel,
  Tabs,
  Units,
} from '.';

function AmountField({ initial = '' }: { readonly initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Field
        label="購入金額"
        hint="1円以上、1円単位"
        error={value === '' ? '金額を入力してください' : undefined}
      >
        {(control) => <AmountInput {...control} unit="円" value={value} onValueChange={setValue} />}
      </Field>
      <output data-testid="digits">{value}</output>
    </>
  );
}

describe('AmountInput', () => {
  it('groups yen with commas as the customer types and hands the form plain digits', async () => {
    const user = userEvent.setup();
    render(<AmountField />);
    const box = screen.getByRole('textbox', { name: '購入金額' });
    await user.type(box, '1234567');
    expect(box).toHaveValue('1,234,567');
    expect(screen.getByTestId('digits')).toHaveTextContent('1234567');
    expect(box).toHaveAttribute('inputmode', 'numeric');
  });

  it('takes full-width digits from an IME and drops everything else', () => {
    expect(digitsOf('１２，３４５円')).toBe('12345');
    expect(digitsOf('1.5e3')).toBe('153');
    expect(groupedDigits('0005000')).toBe('5,000');
    expect(groupedDigits('')).toBe('');
  });

  it('shows a whole percentage with its % sign after the box', async () => {
    const user = userEvent.setup();
    function RateField() {
      const [value, setValue] = useState('');
      return (
        <Field label="売却する率">
          {(control) => <AmountInput {...control} unit="%" value={value} onValueChange={setValue} />}
        </Field>
      );
    }
    const { container } = render(<RateField />);
    await user.type(screen.getByRole('textbox', { name: '売却する率' }), '１0');
    expect(screen.getByRole('textbox', { name: '売却する率' })).toHaveValue('10');
    expect(container.querySelector('.ui-amount-input__unit')).toHaveTextContent('%');
  });

  it('ties the label, hint and error to the box', () => {
    render(<AmountField />);
    const box = screen.getByRole('textbox', { name: '購入金額' });
    expect(box).toHaveAccessibleDescription('1円以上、1円単位 金額を入力してください');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('figures', () => {
  it('a gain has + and the up colour, a loss − and the down colour, and 評価損益率 reconciles with the yen', () => {
    render(
      <>
        <Money value="12345" tone="signed" />
        <Money value="-500" tone="signed" />
        <Change value="12345" base="150000" />
        <Rate numerator="-1" denominator="300" />
      </>,
    );
    expect(screen.getByText('+12,345円')).toHaveClass('ui-figure--up');
    expect(screen.getByText('−500円')).toHaveClass('ui-figure--down');
    // 12,345 ÷ 150,000 = 8.23%
    expect(screen.getByText('+12,345円（+8.23%）')).toBeInTheDocument();
    expect(screen.getByText('−0.33%')).toHaveClass('ui-figure--down');
  });

  it('the privacy toggle masks every amount, keeps market prices, and is remembered on the device', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PrivacyToggle />
        <Money value="1000000" />
        <Units value="5000" />
        <NavPrice value="23456" />
        <Change value="-120" base="23576" alwaysShown />
      </>,
    );
    await user.click(screen.getByRole('button', { name: '金額を隠す' }));
    expect(screen.getByRole('button', { name: '金額を隠す' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('1,000,000円')).not.toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: '非表示' })).toHaveLength(2);
    expect(screen.getByText('23,456円')).toBeInTheDocument();
    // a fund's 前日比 is a market price's change: −120 ÷ 23,576 = −0.51%
    expect(screen.getByText('−120円（−0.51%）')).toBeInTheDocument();
    expect(localStorage.getItem(PRIVACY_STORAGE_KEY)).toBe('true');
    act(() => usePrivacyStore.getState().setAmountsHidden(false));
    expect(screen.getByText('1,000,000円')).toBeInTheDocument();
  });
});

describe('Tabs', () => {
  function TwoTabs() {
    const [tab, setTab] = useState<'a' | 'b'>('a');
    return (
      <>
        <Tabs
          label="種類"
          idBase="t"
          items={[
            { value: 'a', label: '入出金' },
            { value: 'b', label: '取引履歴' },
          ]}
          selected={tab}
          onSelect={setTab}
        />
        <TabPanel idBase="t" value={tab}>
          {tab}の内容
        </TabPanel>
      </>
    );
  }

  it('arrow keys move and select, and the panel is labelled by its tab', async () => {
    const user = userEvent.setup();
    render(<TwoTabs />);
    await user.click(screen.getByRole('tab', { name: '入出金' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '取引履歴' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: '取引履歴' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: '取引履歴' })).toHaveTextContent('bの内容');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: '入出金' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('SegmentedControl, lists and description lists', () => {
  it('is a radio group under its legend', async () => {
    const user = userEvent.setup();
    function Range() {
      const [range, setRange] = useState('1Y');
      return (
        <SegmentedControl
          label="表示期間"
          options={[
            { value: '1M', label: '1か月' },
            { value: '1Y', label: '1年' },
          ]}
          value={range}
          onChange={setRange}
        />
      );
    }
    render(<Range />);
    expect(screen.getByRole('group', { name: '表示期間' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '1か月' }));
    expect(screen.getByRole('radio', { name: '1か月' })).toBeChecked();
  });

  it('a tapped segment shows as chosen while the screen commits the choice in a transition', async () => {
    const user = userEvent.setup();
    let commit: (() => void) | undefined;
    function Period() {
      const [period, setPeriod] = useState('all');
      return (
        <SegmentedControl
          label="期間"
          options={[
            { value: 'all', label: 'すべて' },
            { value: 'lastMonth', label: '先月' },
          ]}
          value={period}
          // as React Router does with a navigation: the address (and so `value`) changes later
          onChange={(next) => {
            commit = () => startTransition(() => setPeriod(next));
          }}
        />
      );
    }
    render(<Period />);
    await user.click(screen.getByRole('radio', { name: '先月' }));
    expect(screen.getByRole('radio', { name: '先月' })).toBeChecked();
    act(() => commit?.());
    expect(screen.getByRole('radio', { name: '先月' })).toBeChecked();
  });

  it('follows a value changed from outside (the back button)', () => {
    const options = [
      { value: 'all', label: 'すべて' },
      { value: 'lastMonth', label: '先月' },
    ];
    const { rerender } = render(
      <SegmentedControl label="期間" options={options} value="lastMonth" onChange={() => undefined} />,
    );
    rerender(<SegmentedControl label="期間" options={options} value="all" onChange={() => undefined} />);
    expect(screen.getByRole('radio', { name: 'すべて' })).toBeChecked();
  });

  it('a linked row is one link named by its content; description rows pair term and value', () => {
    render(
      <MemoryRouter>
        <List label="保有ファンド">
          <ListRow
            title="セゾン・グローバル"
            subtitle="特定口座"
            value={<Money value="100000" />}
            to="/assets"
          />
        </List>
        <DescriptionList items={[{ term: '受渡日', value: '2026年3月9日', note: '予定' }]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /セゾン・グローバル 特定口座 100,000円/ })).toHaveAttribute(
      'href',
      '/assets',
    );
    expect(screen.getByRole('term')).toHaveTextContent('受渡日');
    expect(screen.getByRole('definition')).toHaveTextContent('2026年3月9日予定');
  });

  it('a selectable row is one button named by its content, and pressing it selects the row', async () => {
    const opened: string[] = [];
    render(
      <List label="電子交付書面">
        <ListRow
          title="取引残高報告書（2026年9月30日現在）"
          subtitle="交付日 2026年10月1日"
          onSelect={() => opened.push('balance')}
        />
      </List>,
    );
    await userEvent.click(
      screen.getByRole('button', { name: /取引残高報告書（2026年9月30日現在） 交付日 2026年10月1日/ }),
    );
    expect(opened).toEqual(['balance']);
  });
});
