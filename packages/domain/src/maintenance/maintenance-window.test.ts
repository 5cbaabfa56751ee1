import { afterEach, describe, expect, it, vi } from 'vitest';
import { jstInstant } from '../time/jst.ts';
import {
  isInMaintenanceWindow,
  maintenanceDayKindOf,
  regularMaintenanceWindowOn,
  regularMaintenanceWindows,
} from './maintenance-window.ts';

// Calendar used below (JST): 2026-03-18 Wednesday, 2026-03-21 Saturday, 2026-03-22 Sunday,
// 2026-01-12 Monday 成人の日, 2026-05-03 Sunday 憲法記念日.

describe('a weekday (Wednesday 2026-03-18): window 03:30-06:30 JST', () => {
  it('is open at 03:29:59, one second before the window', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 3, 29, 59))).toBe(false);
  });

  it('is in maintenance from 03:30:00 exactly', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 3, 30, 0))).toBe(true);
  });

  it('is still in maintenance at 06:29:59', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 6, 29, 59))).toBe(true);
  });

  it('is open again at 06:30:00 exactly (the end is exclusive)', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 6, 30, 0))).toBe(false);
  });

  it('is open at noon and just after midnight', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 12, 0))).toBe(false);
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 0, 0))).toBe(false);
  });
});

describe('a Saturday (2026-03-21) uses the weekday window', () => {
  it('is in maintenance at 06:29 and open at 06:30', () => {
    expect(maintenanceDayKindOf(jstInstant(2026, 3, 21, 4, 0))).toBe('saturday');
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 21, 6, 29))).toBe(true);
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 21, 6, 30))).toBe(false);
  });
});

describe('a Sunday (2026-03-22): window 03:30-07:30 JST', () => {
  it('is in maintenance at 07:29, after the weekday window would have ended', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 22, 7, 29))).toBe(true);
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 22, 7, 29, 59))).toBe(true);
  });

  it('is open at 07:30 and at 03:29', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 22, 7, 30))).toBe(false);
    expect(isInMaintenanceWindow(jstInstant(2026, 3, 22, 3, 29))).toBe(false);
  });
});

describe('a national holiday on a Monday (2026-01-12 成人の日) uses the 06:30 end', () => {
  it('is classified as a holiday', () => {
    expect(maintenanceDayKindOf(jstInstant(2026, 1, 12, 4, 0))).toBe('holiday');
  });

  it('is in maintenance at 06:29 and open at 06:30', () => {
    expect(isInMaintenanceWindow(jstInstant(2026, 1, 12, 6, 29))).toBe(true);
    expect(isInMaintenanceWindow(jstInstant(2026, 1, 12, 6, 30))).toBe(false);
  });
});

describe('a national holiday on a Sunday (2026-05-03 憲法記念日) uses the Sunday window', () => {
  it('is still in maintenance at 07:00', () => {
    expect(maintenanceDayKindOf(jstInstant(2026, 5, 3, 7, 0))).toBe('sunday');
    expect(isInMaintenanceWindow(jstInstant(2026, 5, 3, 7, 0))).toBe(true);
  });
});

describe('the JST day is used, not the UTC day', () => {
  it('treats Sunday 04:00 JST (Saturday 19:00 UTC) as Sunday', () => {
    const sundayMorningJst = new Date('2026-03-21T19:00:00Z');
    expect(maintenanceDayKindOf(sundayMorningJst)).toBe('sunday');
    expect(regularMaintenanceWindowOn(sundayMorningJst).end).toEqual({ hour: 7, minute: 30 });
  });

  it('is open on Monday 07:00 JST although it is still Sunday 22:00 in UTC', () => {
    expect(isInMaintenanceWindow(new Date('2026-03-22T22:00:00Z'))).toBe(false);
  });
});

describe('independent of the process time zone', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati'])(
    'gives the same answers when TZ=%s',
    (zone) => {
      vi.stubEnv('TZ', zone);
      expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 3, 30))).toBe(true);
      expect(isInMaintenanceWindow(jstInstant(2026, 3, 18, 6, 30))).toBe(false);
      expect(isInMaintenanceWindow(jstInstant(2026, 3, 22, 7, 29))).toBe(true);
      expect(maintenanceDayKindOf(jstInstant(2026, 1, 12, 0, 10))).toBe('holiday');
      expect(maintenanceDayKindOf(jstInstant(2026, 1, 12, 23, 50))).toBe('holiday');
    },
  );
});

describe('the windows as data for the maintenance page', () => {
  it('lists weekdays, Saturdays and holidays 03:30-06:30, then Sundays 03:30-07:30', () => {
    expect(regularMaintenanceWindows).toEqual([
      {
        days: ['weekday', 'saturday', 'holiday'],
        label: '平日・土曜・祝日',
        start: { hour: 3, minute: 30 },
        end: { hour: 6, minute: 30 },
      },
      { days: ['sunday'], label: '日曜', start: { hour: 3, minute: 30 }, end: { hour: 7, minute: 30 } },
    ]);
  });
});
