// A steadier stand-in for Lighthouse's Total Blocking Time on a busy machine: loads URL in Chromium (mobile viewport,
// no throttling), traces the main thread and sums, for each task after First Contentful Paint, max(0, 4 x CPU time -
// 50 ms): the task's *thread CPU time* scaled by Lighthouse's 4x mobile slowdown, instead of its wall time, which other
// processes on the machine stretch. Prints the median of RUNS loads (default 5) and each load's figure.
// Usage: node scripts/cpu-tbt.mjs URL [RUNS]. Compare two builds in one run of this script on the same machine.
// The bench's `web.directory` scenario calls `measureCpuTbt` (issue 49: the directory's figure as a ratio to `/`'s).
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function once(browser, url, logTasks) {
  const ctx = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
  });
  const page = await ctx.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await ctx.close();
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error(`no firstContentfulPaint in the trace of ${url}`);
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid,
  );
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === main.tid && e.ts >= fcp.ts,
  );
  const blocking = tasks.reduce((sum, task) => sum + Math.max(0, (4 * (task.tdur ?? task.dur)) / 1000 - 50), 0);
  const busy = tasks.reduce((sum, task) => sum + (task.tdur ?? task.dur) / 1000, 0);
  if (logTasks)
    console.log(
      tasks
        .filter((t) => (t.tdur ?? t.dur) > 10000)
        .map((t) => `+${((t.ts - fcp.ts) / 1000).toFixed(0)}ms cpu ${((t.tdur ?? t.dur) / 1000).toFixed(0)}ms`)
        .join('; '),
    );
  return { blocking, busy };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Loads each URL `runs` times (interleaved, so a busy spell of the machine touches every URL alike) in one headless
 * Chromium and answers, per URL, the median CPU-TBT and main-thread CPU after FCP, with each load's CPU-TBT.
 */
export async function measureCpuTbt(urls, runs = 5, { logTasks = false } = {}) {
  const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: CHROMIUM_ARGS });
  try {
    const results = new Map(urls.map((url) => [url, []]));
    for (let i = 0; i < runs; i += 1) for (const url of urls) results.get(url).push(await once(browser, url, logTasks));
    return urls.map((url) => {
      const loads = results.get(url);
      return {
        url,
        blockingMs: median(loads.map((r) => r.blocking)),
        busyMs: median(loads.map((r) => r.busy)),
        runs: loads.map((r) => r.blocking),
      };
    });
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2];
  const runs = Number(process.argv[3] ?? 5);
  if (!url) {
    console.error('usage: node scripts/cpu-tbt.mjs URL [RUNS]');
    process.exit(2);
  }
  const [result] = await measureCpuTbt([url], runs, { logTasks: Boolean(process.env.TASKS) });
  console.log(
    `${url}: CPU-TBT (4x) median ${result.blockingMs.toFixed(0)} ms; main-thread CPU after FCP median ${result.busyMs.toFixed(0)} ms; runs: ${result.runs.map((r) => r.toFixed(0)).join(', ')}`,
  );
}
