import { ApiPath, ErrorCode, errorCodeOf, readReceivedErrorBody } from '@fund/contracts';

/**
 * `GET /maintenance/status` (no auth): true only for the answer 503 with code 503-000 (spec §7, §8).
 * Any other answer, or no answer at all, is not maintenance: the screens that follow report their own
 * failures, and a network hiccup must not lock a customer out behind the maintenance page.
 */
export async function isUnderMaintenance(): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(ApiPath.maintenanceStatus, {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    return false;
  }
  if (response.status !== 503) return false;
  const body = readReceivedErrorBody(await response.json().catch(() => undefined));
  return body !== undefined && errorCodeOf(body) === ErrorCode.maintenance;
}
