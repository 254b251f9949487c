// Where a page's main-thread time goes, task by task: loads URL in Chromium with the CPU slowed 4x (as Lighthouse's
// mobile run assumes), records a CPU profile and prints each busy stretch over 40 ms with the functions that filled it.
// Usage: node scripts/profile-page.mjs http://localhost:3000/therapists/<id>/   (minified names: look them up in the
// built chunk, apps/web/dist/assets). Lighthouse says how long tasks are; this says what is in them.
import { chromium } from 'playwright';

const url = process.argv[2];
if (!url) {
  console.error('usage: node scripts/profile-page.mjs URL');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: '/usr/lib/chromium/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const ctx = await browser.newContext({
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1.75,
});
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(6000);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const name = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
let t = profile.startTime;
const samples = profile.samples.map((id, i) => {
  t += profile.timeDeltas[i];
  return { id, t };
});
// runs of non-idle
const runs = [];
let cur = null;
for (const s of samples) {
  const n = byId.get(s.id);
  const idle = n.callFrame.functionName === '(idle)';
  if (!idle) {
    if (!cur) cur = { start: s.t, end: s.t, ss: [] };
    cur.end = s.t;
    cur.ss.push(s);
  } else if (cur) {
    runs.push(cur);
    cur = null;
  }
}
if (cur) runs.push(cur);
const t0 = profile.startTime;
for (const r of runs) {
  const d = (r.end - r.start) / 1000;
  if (d < 40) continue;
  const self = new Map(),
    top = new Map();
  for (const s of r.ss) {
    const n = byId.get(s.id);
    self.set(name(n), (self.get(name(n)) || 0) + 1);
    // stack: collect distinct frames with url
    let id = s.id;
    const frames = new Set();
    while (id) {
      const nn = byId.get(id);
      if (nn.callFrame.url) frames.add(name(nn));
      id = parent.get(id);
    }
    for (const f of frames) top.set(f, (top.get(f) || 0) + 1);
  }
  console.log(`\n=== run at ${((r.start - t0) / 1000).toFixed(0)}ms, ${d.toFixed(0)}ms`);
  console.log(
    ' self:',
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k}=${(v * 0.1).toFixed(0)}`)
      .join(' | '),
  );
  console.log(
    ' incl:',
    [...top]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.TOP ?? 10))
      .map(([k, v]) => `${k}=${(v * 0.1).toFixed(0)}`)
      .join(' | '),
  );
}
await browser.close();
