/**
 * Work the first screen does not need (calls for later screens, the session's background services) waits
 * until that screen is on the display: on a phone's few connections it would otherwise queue beside the
 * screen's own files and calls and put off its first paint (performance.md; decision 030).
 */
let shown = false;
const waiting: (() => void)[] = [];

/** Runs `task` once the first screen has been shown (at once when it has). */
export function afterFirstScreen(task: () => void): void {
  if (shown) task();
  else waiting.push(task);
}

const runWaiting = () => {
  for (const task of waiting.splice(0)) task();
};

/**
 * Called by the shell in an effect of its first commit that shows something (a page, or the locked,
 * closed, confirmation or maintenance screen). The tasks run once the frame that shows it is on the
 * display: in a task queued from the animation callback of the frame after it (the paint of the first
 * frame is presented a moment after its own callbacks and tasks have run). A hidden tab paints no
 * frames: there they run in the next task.
 */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  if (document.visibilityState === 'hidden') setTimeout(runWaiting, 0);
  else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(runWaiting, 0)));
}
