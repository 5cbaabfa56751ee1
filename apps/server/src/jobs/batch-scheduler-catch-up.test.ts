import { jstInstant, type IsoDate } from '@fund/domain';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datesToRun, dueBusinessDate, startBatchScheduler } from './batch-scheduler.ts';
import { batchSettingsOf } from './batch-context.ts';
import { lastFinishedDay } from './batch-days.repository.ts';
import { advanceDemoClock, createDemoClock } from './demo-clock.ts';

const batchTime = { hour: 18, minute: 0 };
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

describe('which dates the scheduler runs', () => {
  it('runs today only after the batch time (JST), else yesterday', () => {
    expect(dueBusinessDate(jstInstant(2026, 12, 2, 17, 59), batchTime)).toBe('2026-12-01');
    expect(dueBusinessDate(jstInstant(2026, 12, 2, 18, 0), batchTime)).toBe('2026-12-02');
  });

  it('catches up from the day after the last finished one, at most 31 days, and starts fresh with the due day', () => {
    expect(datesToRun('2026-11-28' as IsoDate, '2026-12-02' as IsoDate)).toEqual({
      from: '2026-11-29',
      until: '2026-12-02',
    });
    expect(datesToRun('2026-12-02' as IsoDate, '2026-12-02' as IsoDate)).toBeUndefined();
    expect(datesToRun(undefined, '2026-12-02' as IsoDate)).toEqual({
      from: '2026-12-02',
      until: '2026-12-02',
    });
    expect(datesToRun('2026-01-01' as IsoDate, '2026-12-02' as IsoDate)).toEqual({
      from: '2026-11-02',
      until: '2026-12-02',
    });
  });
});

describe('the scheduler in a server process', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database.drop());

  it('runs the due day at start, and after a restart two days later the two missed days', async () => {
    const config = {
      scheduler: true,
      time: batchTime,
      purchaseLagDays: 2,
      workers: 1,
      demo: false,
      demoClock: false,
    };
    const settings = batchSettingsOf({ batch: config, publicOrigin: 'http://localhost:3000' });
    let now = jstInstant(2026, 12, 2, 19, 0);
    const clock = { now: () => now };
    let scheduler = startBatchScheduler({
      handle: database,
      config,
      clock,
      log: quietLog,
      settings,
      intervalMs: 60_000,
    });
    await scheduler.stop();
    expect(await lastFinishedDay(database.db)).toBe('2026-12-02');
    now = jstInstant(2026, 12, 4, 19, 0);
    scheduler = startBatchScheduler({
      handle: database,
      config,
      clock,
      log: quietLog,
      settings,
      intervalMs: 60_000,
    });
    await scheduler.stop();
    expect(await lastFinishedDay(database.db)).toBe('2026-12-04');
  }, 60_000);

  it('moves the demo clock forward to 18:00 JST of a batch date, never back', async () => {
    const realNow = new Date();
    await advanceDemoClock(database, '2030-01-04' as IsoDate);
    const clock = await createDemoClock(database, batchTime, { realClock: () => realNow });
    try {
      const shown = clock.now().getTime();
      // the database stamped when the clock was set; its clock and this process's may differ by a few ms
      expect(Math.abs(shown - jstInstant(2030, 1, 4, 18, 0).getTime())).toBeLessThan(60_000);
      await advanceDemoClock(database, '2029-06-01' as IsoDate);
      await clock.refresh();
      expect(clock.now().getTime()).toBe(shown);
    } finally {
      clock.close();
    }
  });
});
