import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_EVENT_NAMES,
  ACTIVITY_LOG_SIZE,
  lastActivityTime,
  readActivityLog,
  recordActivity,
  startActivityLog,
} from './activity-log';

const t0 = Date.parse('2026-11-21T09:00:00Z');
const minutes = (n: number) => n * 60_000;

beforeEach(() => sessionStorage.clear());

describe('the activity log (spec §3, §9)', () => {
  it('keeps the 18 most recent events', () => {
    expect(ACTIVITY_LOG_SIZE).toBe(18);
    for (let i = 0; i < 20; i += 1) recordActivity('click', t0 + minutes(i));
    const log = readActivityLog();
    expect(log).toHaveLength(18);
    expect(log[0]).toEqual({ name: 'click', time: t0 + minutes(2) });
    expect(log.at(-1)).toEqual({ name: 'click', time: t0 + minutes(19) });
  });

  it('does not add an identical event twice within the same minute', () => {
    recordActivity('mousemove', t0);
    recordActivity('mousemove', t0 + 30_000);
    recordActivity('mousemove', t0 + 59_999);
    expect(readActivityLog()).toEqual([{ name: 'mousemove', time: t0 }]);
  });

  it('adds the same event again in the next minute', () => {
    recordActivity('scroll', t0 + 59_000);
    recordActivity('scroll', t0 + 60_000);
    expect(readActivityLog().map((event) => event.time)).toEqual([t0 + 59_000, t0 + 60_000]);
  });

  it('adds different events within the same minute', () => {
    recordActivity('click', t0);
    recordActivity('keydown', t0 + 1_000);
    expect(readActivityLog().map((event) => event.name)).toEqual(['click', 'keydown']);
  });

  it('knows the time of the last activity', () => {
    expect(lastActivityTime()).toBeNull();
    recordActivity('click', t0);
    recordActivity('input', t0 + 5_000);
    expect(lastActivityTime()).toBe(t0 + 5_000);
  });

  it('ignores a damaged log', () => {
    sessionStorage.setItem('fund.session.activityLog', '{broken');
    expect(readActivityLog()).toEqual([]);
    recordActivity('click', t0);
    expect(readActivityLog()).toEqual([{ name: 'click', time: t0 }]);
  });
});

describe('listening for activity', () => {
  it('listens passively to the nine kinds of event', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const stop = startActivityLog(window);
    expect(ACTIVITY_EVENT_NAMES).toEqual([
      'load',
      'click',
      'change',
      'input',
      'keydown',
      'scroll',
      'wheel',
      'touchstart',
      'mousemove',
    ]);
    for (const name of ACTIVITY_EVENT_NAMES) {
      expect(add).toHaveBeenCalledWith(name, expect.any(Function), { passive: true, capture: true });
    }
    stop();
  });

  it('logs the page load at once when it has already happened, and then the events that occur', () => {
    const stop = startActivityLog(window);
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(readActivityLog().map((event) => event.name)).toEqual(['load', 'click', 'keydown']);
    stop();
  });

  it('stops listening when stopped', () => {
    const stop = startActivityLog(window);
    stop();
    sessionStorage.clear();
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(readActivityLog()).toEqual([]);
  });
});
