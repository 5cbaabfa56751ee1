import {
  formatNavPer10k,
  formatSignedRate,
  formatSignedYen,
  formatUnits,
  formatYen,
  signOf,
  type WholeNumber,
} from '@fund/domain';
import { usePrivacyStore } from '../../lib/privacy/privacy-store';

/** What a masked amount shows, and what a screen reader says for it. */
const maskedText = '＊＊＊＊';
const maskedLabel = '非表示';

type Tone = 'plain' | 'signed';

function directionClass(value: WholeNumber): string {
  const sign = signOf(value);
  return sign > 0 ? 'ui-figure--up' : sign < 0 ? 'ui-figure--down' : 'ui-figure--flat';
}

function Masked({ unit }: { readonly unit: string }) {
  return (
    <span className="ui-figure ui-figure--masked" role="img" aria-label={maskedLabel}>
      {maskedText}
      {unit}
    </span>
  );
}

export interface MoneyProps {
  readonly value: WholeNumber;
  /**
   * 'signed' for gains and changes: always + or −, coloured red up and blue down as Japanese brokers do
   * (never colour alone: the sign is in the text).
   */
  readonly tone?: Tone;
  /** Shown even when the privacy toggle hides amounts (a price, a limit of the law). */
  readonly alwaysShown?: boolean;
}

/** 1,234,567円 — every yen figure on every screen. Right-align it in its container. */
export function Money({ value, tone = 'plain', alwaysShown = false }: MoneyProps) {
  const hidden = usePrivacyStore((state) => state.amountsHidden) && !alwaysShown;
  if (hidden) return <Masked unit="円" />;
  return tone === 'signed' ? (
    <span className={`ui-figure ${directionClass(value)}`}>{formatSignedYen(value)}</span>
  ) : (
    <span className="ui-figure">{formatYen(value)}</span>
  );
}

/** 12,345口 */
export function Units({
  value,
  alwaysShown = false,
}: {
  readonly value: WholeNumber;
  readonly alwaysShown?: boolean;
}) {
  const hidden = usePrivacyStore((state) => state.amountsHidden) && !alwaysShown;
  if (hidden) return <Masked unit="口" />;
  return <span className="ui-figure">{formatUnits(value)}</span>;
}

/** 基準価額 / 解約価額 per 10,000 units: a market price, not the customer's, so never masked. */
export function NavPrice({ value }: { readonly value: WholeNumber }) {
  return <span className="ui-figure">{formatNavPer10k(value)}</span>;
}

/** 評価損益率 and 前日比 %: numerator ÷ denominator, signed and coloured like Money. */
export function Rate({
  numerator,
  denominator,
}: {
  readonly numerator: WholeNumber;
  readonly denominator: WholeNumber;
}) {
  const hidden = usePrivacyStore((state) => state.amountsHidden);
  if (hidden) return <Masked unit="%" />;
  return (
    <span className={`ui-figure ${directionClass(numerator)}`}>
      {formatSignedRate(numerator, denominator)}
    </span>
  );
}

/**
 * A change with its rate: "+1,234円 (+0.45%)" (前日比, 評価損益). The rate's base is what the change is
 * measured against (the previous value for 前日比, 簿価 for 評価損益). `alwaysShown` for a market price's
 * change (a fund's 前日比 per 10,000 units), which says nothing about the customer's money.
 */
export function Change({
  value,
  base,
  alwaysShown = false,
}: {
  readonly value: WholeNumber;
  readonly base: WholeNumber;
  readonly alwaysShown?: boolean;
}) {
  const hidden = usePrivacyStore((state) => state.amountsHidden) && !alwaysShown;
  if (hidden) return <Masked unit="円" />;
  return (
    <span className={`ui-figure ${directionClass(value)}`}>
      {formatSignedYen(value)}（{formatSignedRate(value, base)}）
    </span>
  );
}
