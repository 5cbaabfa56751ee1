import type { WholeNumber } from '@fund/domain';

export interface UsageBarSegment {
  readonly value: WholeNumber;
  /** 'used' is solid; 'held' is striped (reserved but not final, e.g. orders not settled yet). */
  readonly tone: 'used' | 'held';
}

export interface UsageBarProps {
  /** Parts of the limit in use, drawn one after another from the left. */
  readonly segments: readonly UsageBarSegment[];
  readonly max: WholeNumber;
}

/** Per-mille of `max` (0–1000), in integers: a limit of 18,000,000 yen never goes through a float. */
function perMille(value: WholeNumber, max: WholeNumber): bigint {
  const whole = BigInt(max);
  if (whole <= 0n) return 0n;
  const part = (BigInt(value) * 1000n) / whole;
  return part < 0n ? 0n : part > 1000n ? 1000n : part;
}

const percent = (mille: bigint) => `${mille / 10n}.${mille % 10n}%`;

/**
 * How much of a limit is used, as a bar. Decorative only: it never stands alone, the figures it draws are
 * written beside it as text (what screen readers read), so it is hidden from assistive technology.
 */
export function UsageBar({ segments, max }: UsageBarProps) {
  // each segment starts where the previous ones end, and none reaches past the end of the bar
  const placed: { left: bigint; width: bigint; tone: UsageBarSegment['tone'] }[] = [];
  for (const segment of segments) {
    const left = placed.reduce((end, part) => end + part.width, 0n);
    const width = perMille(segment.value, max);
    placed.push({ left, width: left + width > 1000n ? 1000n - left : width, tone: segment.tone });
  }
  return (
    <div className="ui-usage-bar" aria-hidden="true">
      {placed.map((part, index) => (
        <span
          key={index}
          className={`ui-usage-bar__segment ui-usage-bar__segment--${part.tone}`}
          style={{ left: percent(part.left), width: percent(part.width) }}
        />
      ))}
    </div>
  );
}
