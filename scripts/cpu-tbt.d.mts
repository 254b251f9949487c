/** Types of scripts/cpu-tbt.mjs for the bench (TypeScript does not read the script itself). */
export interface CpuTbtResult {
  url: string;
  /** Median over the loads of the CPU-based Total Blocking Time, ms. */
  blockingMs: number;
  /** Median main-thread CPU after First Contentful Paint, ms. */
  busyMs: number;
  /** Each load's CPU-TBT, ms. */
  runs: number[];
}
export function measureCpuTbt(urls: string[], runs?: number, opts?: { logTasks?: boolean }): Promise<CpuTbtResult[]>;
