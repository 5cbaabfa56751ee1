/** The 2024 NISA starts in 2024: no earlier year to show. */
export const firstNisaYear = 2024;

/** `?year=2025`: a past year to show; anything else shows this year. */
export function requestedYear(value: string | null): number | undefined {
  if (value === null || !/^20[0-9]{2}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= firstNisaYear ? year : undefined;
}
