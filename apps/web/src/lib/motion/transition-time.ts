function seconds(value: string): number {
  const trimmed = value.trim();
  const amount = Number.parseFloat(trimmed);
  if (Number.isNaN(amount)) return 0;
  return trimmed.endsWith('ms') ? amount / 1000 : amount;
}

/**
 * How long the CSS transitions now applied to `element` take, read from its computed style the way Vue's
 * <Transition> does, so the durations live in CSS only.
 */
export function transitionTimeMs(element: Element | null): number {
  if (element === null) return 0;
  const style = getComputedStyle(element);
  const durations = style.transitionDuration.split(',').map(seconds);
  const delays = style.transitionDelay.split(',').map(seconds);
  const longest = durations.reduce(
    (max, duration, index) => Math.max(max, duration + (delays[index] ?? delays[0] ?? 0)),
    0,
  );
  return Math.round(longest * 1000);
}
