import type { Params } from 'react-router';

/**
 * A structural check of the fund code in a route (spec §2 `{code}`): ASCII capitals and digits, 1–12
 * characters. Whether such a fund exists is for the API to answer; this only stops URLs that cannot be a
 * fund code, such as `/trading/buy/!!/input`, from reaching a page.
 */
export const FUND_CODE_PATTERN = /^[A-Z0-9]{1,12}$/;

export function isFundCode(value: string | undefined): value is string {
  return value !== undefined && FUND_CODE_PATTERN.test(value);
}

export function hasFundCodeParam(params: Params): boolean {
  return isFundCode(params.code);
}
