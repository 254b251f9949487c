/** Time comes from here so tests can move it (STYLE.md §3). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
