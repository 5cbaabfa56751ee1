import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// the module keeps whether the first screen was shown: each test gets a fresh copy
const load = () => import('./after-first-screen');

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('work for later screens waits for the first screen', () => {
  it('a task asked for before the first screen runs only after it has been shown and painted', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const task = vi.fn();
    afterFirstScreen(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();

    firstScreenShown();
    expect(task).not.toHaveBeenCalled(); // not in the commit's own task: after the paint
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('a task asked for once the first screen is shown runs at once, and none runs twice', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const early = vi.fn();
    afterFirstScreen(early);
    firstScreenShown();
    firstScreenShown();
    vi.runAllTimers();
    const late = vi.fn();
    afterFirstScreen(late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(early).toHaveBeenCalledTimes(1);
  });

  it('the tasks wait until the frame after the one that shows the screen, whose paint is then presented', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const task = vi.fn();
    afterFirstScreen(task);
    firstScreenShown();
    vi.advanceTimersToNextFrame(); // the frame that shows the screen
    vi.advanceTimersByTime(1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame(); // the next one: the first is on the display
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('in a hidden tab, which paints no frames, the tasks run in the next task', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { afterFirstScreen, firstScreenShown } = await load();
    const task = vi.fn();
    afterFirstScreen(task);
    firstScreenShown();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    visibility.mockRestore();
  });
});
