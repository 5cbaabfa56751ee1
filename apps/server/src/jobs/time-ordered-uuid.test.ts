import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './time-ordered-uuid.ts';

describe('timeOrderedUuid', () => {
  it('makes version-7 UUIDs that ascend in the order they are made, also within one millisecond', () => {
    const before = Date.now();
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // the first 48 bits are the Unix time in milliseconds (ahead of the clock only when 4,096 ids share one)
    const milliseconds = Number.parseInt(ids[0]!.replaceAll('-', '').slice(0, 12), 16);
    expect(milliseconds).toBeGreaterThanOrEqual(before);
    expect(milliseconds).toBeLessThanOrEqual(Date.now() + 10);
  });
});
