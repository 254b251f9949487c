/**
 * Ends the current task and goes on in a new one, so the browser can paint and answer input in between (a long task
 * blocks both; Lighthouse counts every task over 50 ms). `scheduler.yield()` where the browser has it: the rest runs
 * before other queued work; else a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
