import { Worker } from 'node:worker_threads';
import { seedDirectoryProviders } from '@therapy/api/modules/directory/directory-seed.repository';
import { callJson, expectStatus, signUp, type BenchAccount } from '../lib/accounts.ts';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'soak';
export const description =
  'memory under mixed load for SOAK_SECONDS (default 300): heap after a forced GC after the first minute and at the end (DESIGN.md §8: within 20%)';

const CONNECTIONS = 8;
/** Directory providers the soak wants (seeded when the directory scenario has not seeded them in this run). */
const DIRECTORY_PROVIDERS = 3_000;
/** Providers whose calendars the anonymous visitors ask for: the seeded ones (default plan) and the soak's own. */
const CALENDARS = 2_000;
const SAMPLE_EVERY_S = 30;
const BOOK_EVERY_MS = 2_000;
const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const MB = 1024 * 1024;

/**
 * The load runs in a worker thread (its heap is not the server's, which is this thread's). Each request is drawn at
 * random: anonymous calendars over many providers, dates and zone spellings (canonical names, aliases, other cases and
 * junk, which must be refused), directory searches, and signed-in reads; anonymous ones come from many addresses. The
 * main thread asks for the counts whenever it samples; the worker stops when told.
 */
const workerSource = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { base, providers, zones, aliases, searches, token, connections } = workerData;
let seed = 0x5eed;
const random = () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = (list) => list[Math.floor(random() * list.length)];
const day = (offset) => new Date(Date.now() + offset * 86400000).toISOString().slice(0, 10);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const counts = {};
const unexpected = [];
let requests = 0;
let stopping = false;
const count = (kind, status) => { const key = kind + ' ' + status; counts[key] = (counts[key] || 0) + 1; };

function draw() {
  const r = random();
  if (r < 0.6) {
    const path = random() < 0.3 ? '' : random() < 0.55 ? '/' + day(Math.floor(random() * 90)).slice(0, 7) : '/' + day(Math.floor(random() * 62) - 1);
    const z = random();
    let zone; let expect = 200; let kind = 'timeslot';
    if (z < 0.15) zone = undefined;
    else if (z < 0.6) zone = pick(zones);
    else if (z < 0.75) { zone = pick(aliases); kind = 'timeslot-alias'; }
    else if (z < 0.9) { zone = random() < 0.5 ? pick(zones).toLowerCase() : pick(zones).toUpperCase(); kind = 'timeslot-case'; }
    else { zone = pick(['Mars/Olympus_Mons', 'Nowhere/Town', 'Europe/Berlin ', 'GMT+1', '+01:00', '']) + (random() < 0.5 ? '' : 'x' + Math.floor(random() * 1e9)); expect = 400; kind = 'timeslot-junk'; }
    const query = zone === undefined ? '' : '?timezone=' + encodeURIComponent(zone);
    return { kind, expect, url: base + '/api/v1/providers-availability/' + pick(providers) + '/timeslot' + path + query, anonymous: true };
  }
  if (r < 0.8) return { kind: 'directory', expect: 200, url: pick(searches) + '&page=' + (1 + Math.floor(random() * 3)), anonymous: true };
  return { kind: 'signed-in', expect: 200, url: base + (random() < 0.5 ? '/api/v1/user/info' : '/api/v1/provider-availability/settings'), anonymous: false };
}

const get = (req) => new Promise((resolve, reject) => {
  const headers = { 'accept-encoding': 'br, gzip' };
  if (req.anonymous) headers['x-forwarded-for'] = '10.' + Math.floor(random() * 200) + '.' + Math.floor(random() * 250) + '.' + (1 + Math.floor(random() * 250));
  else headers.authorization = 'Bearer ' + token;
  http.get(req.url, { agent, headers }, (res) => {
    res.on('end', () => resolve(res.statusCode));
    res.on('error', reject);
    res.resume();
  }).on('error', reject);
});

parentPort.on('message', (m) => {
  if (m === 'stop') stopping = true;
  else parentPort.postMessage({ requests, counts, unexpected, workerHeap: process.memoryUsage().heapUsed });
});

(async () => {
  await Promise.all(Array.from({ length: connections }, async () => {
    while (!stopping) {
      const req = draw();
      const status = await get(req);
      requests += 1;
      count(req.kind, status);
      if (status !== req.expect && unexpected.length < 20) unexpected.push(req.kind + ' ' + status + ' ' + req.url);
    }
  }));
  agent.destroy();
  parentPort.postMessage({ done: true, requests, counts, unexpected });
})().catch((err) => parentPort.postMessage({ error: String((err && err.message) || err) }));
`;

interface Tally {
  requests: number;
  counts: Record<string, number>;
  unexpected: string[];
  /** The load generator's own heap (its isolate's), which the process's RSS includes. */
  workerHeap?: number;
}

/** A verified provider with a therapy, a fee and 30-minute sessions on weekdays, in `timezone`: bookable, with a full calendar. */
async function bookableProvider(ctx: BenchContext, timezone: string, label: string): Promise<BenchAccount> {
  const api = `${ctx.url}/api/v1`;
  const provider = await signUp(ctx.url, 'provider', label);
  await ctx.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [provider.identifier],
  );
  await ctx.query(
    `INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at) VALUES ($1, 'approved', now(), now())`,
    [provider.identifier],
  );
  const settings = { timezone, sessionLengthMinutes: 30, bufferMinutes: 0, minimumNoticeHours: 0 };
  expectStatus(
    'PUT settings',
    await callJson(`${api}/provider-availability/settings`, 'PUT', settings, provider.accessToken),
    200,
  );
  const days = weekdays.map((identifier, i) => ({
    identifier,
    isAvailable: i < 6,
    timeSlotsInterval: [{ startTime: '08:00', endTime: '18:00' }],
  }));
  expectStatus(
    'POST days/default',
    await callJson(`${api}/provider-availability/days/default`, 'POST', { days }, provider.accessToken),
    200,
  );
  expectStatus(
    'POST booking-fee/general',
    await callJson(`${api}/provider/booking-fee/general`, 'POST', { fee: 5000, isFree: false }, provider.accessToken),
    200,
  );
  return provider;
}

async function send(url: string, method: 'GET' | 'POST', body: unknown, headers: Record<string, string>) {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as unknown };
}

/** A client in Nigeria (no US licence rule), from an address of its own (the per-address sign-up limit is not measured). */
async function signUpClient(ctx: BenchContext, country: string, i: number): Promise<BenchAccount> {
  const email = `bench.soak${i}.${Date.now()}@example.com`;
  const password = 'Steady-Bench-4821';
  const from = { 'x-forwarded-for': `10.254.0.${i + 1}` };
  const body = {
    userType: 'client',
    firstName: 'Bench',
    lastName: 'Client',
    email,
    confirmEmail: email,
    countryIdentifier: country,
    password,
    confirmPassword: password,
    acceptTerms: true,
  };
  expectStatus(`register ${email}`, await send(`${ctx.url}/api/v1/user/register`, 'POST', body, from), 201);
  const login = await send(`${ctx.url}/api/v1/user/login`, 'POST', { email, password }, from);
  expectStatus(`login ${email}`, login, 200);
  const session = (login.json as { data: { accessToken: string; user: { identifier: string } } }).data;
  return { email, password, accessToken: session.accessToken, identifier: session.user.identifier };
}

/**
 * A few bookings while the load runs: a client books a slot of one of the soak's providers and cancels it at once,
 * every BOOK_EVERY_MS. Each is a `booking.changed` event, so that provider's cached slots are dropped and computed again.
 */
function bookInTurns(
  ctx: BenchContext,
  providers: BenchAccount[],
  clients: BenchAccount[],
  therapy: string,
  modality: string,
) {
  let stopped = false;
  const done = { booked: 0, cancelled: 0, refused: 0 };
  const loop = (async () => {
    for (let i = 0; !stopped; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, BOOK_EVERY_MS));
      const provider = providers[i % providers.length]!;
      const client = clients[i % clients.length]!;
      const calendar = await callJson(
        `${ctx.url}/api/v1/providers-availability/${provider.identifier}/timeslot`,
        'GET',
      );
      expectStatus('GET timeslots', calendar, 200);
      const slots = (
        calendar.json as { data: { items: Array<{ timeSlot: Array<{ identifier: string }> }> } }
      ).data.items.flatMap((item) => item.timeSlot);
      const slot = slots[(i * 7919) % slots.length];
      if (!slot) continue;
      const auth = { authorization: `Bearer ${client.accessToken}` };
      const booked = await send(
        `${ctx.url}/api/v1/booking`,
        'POST',
        { modalityIdentifier: modality, therapyIdentifier: therapy, timeslotIdentifier: slot.identifier },
        auth,
      );
      if (booked.status !== 201) {
        // Another turn's booking of the same slot is not yet cancelled: a refusal, never a server error.
        if (booked.status >= 500)
          throw new Error(`soak: POST /booking answered ${booked.status}: ${JSON.stringify(booked.json)}`);
        done.refused += 1;
        continue;
      }
      done.booked += 1;
      const id = (booked.json as { data: { identifier: string } }).data.identifier;
      expectStatus(
        'POST booking cancel',
        await send(`${ctx.url}/api/v1/booking/${id}/cancel`, 'POST', { note: 'Soak' }, auth),
        200,
      );
      done.cancelled += 1;
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return done;
    },
  };
}

/** Heap in use after a full collection, the heap V8 holds, memory outside it (buffers) and the resident set, in MB. */
function heapAfterGc(gc: () => void): { heap: number; heapTotal: number; external: number; rss: number } {
  gc();
  const usage = process.memoryUsage();
  return {
    heap: usage.heapUsed / MB,
    heapTotal: usage.heapTotal / MB,
    external: usage.external / MB,
    rss: usage.rss / MB,
  };
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));

export async function run(ctx: BenchContext): Promise<Figures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc)
    throw new Error('soak: global.gc is missing; run it through `npm run bench`, which starts node with --expose-gc');
  const seconds = Number(process.env.SOAK_SECONDS ?? 300);
  if (!Number.isFinite(seconds) || seconds < 10)
    throw new Error(`soak: SOAK_SECONDS must be at least 10, not ${process.env.SOAK_SECONDS}`);
  // "After the first minute" (DESIGN.md §8); a shorter trial run takes its first sample half-way.
  const firstAt = Math.min(60, seconds / 2);

  const listed = Number((await ctx.query(`SELECT count(*) AS n FROM directory_entries`))[0]!.n);
  if (listed < DIRECTORY_PROVIDERS) {
    ctx.log(`soak: seeding ${DIRECTORY_PROVIDERS.toLocaleString('en-US')} directory providers`);
    await seedDirectoryProviders(ctx.db, DIRECTORY_PROVIDERS);
  }
  const own = [
    await bookableProvider(ctx, 'Europe/Berlin', 'soak-berlin'),
    await bookableProvider(ctx, 'America/New_York', 'soak-newyork'),
  ];
  const countries = await callJson(`${ctx.url}/api/v1/region/country`, 'GET');
  const ng = (countries.json as { data: Array<{ identifier: string; code: string }> }).data.find(
    (c) => c.code === 'NG',
  )!.identifier;
  const clients = [await signUpClient(ctx, ng, 0), await signUpClient(ctx, ng, 1)];
  const [therapy] = await ctx.query(
    `SELECT identifier FROM reference_items WHERE list = 'therapy-category' ORDER BY sort_order LIMIT 1`,
  );
  const [modality] = await ctx.query(
    `SELECT identifier FROM reference_items WHERE list = 'modality' AND code = 'online'`,
  );

  const seeded = (
    await ctx.query(
      `SELECT provider_id FROM provider_verifications WHERE status = 'approved' ORDER BY provider_id LIMIT $1`,
      [CALENDARS],
    )
  ).map((r) => String(r.provider_id));
  const providers = [...seeded, ...own.map((p) => p.identifier)];
  const states = (
    await ctx.query(
      `SELECT s.code FROM directory_entries d CROSS JOIN unnest(d.states) AS st(id) JOIN states s ON s.identifier = st.id GROUP BY s.code ORDER BY count(*) DESC LIMIT 6`,
    )
  ).map((r) => String(r.code));
  const therapyCode = String(
    (
      await ctx.query(`SELECT code FROM reference_items WHERE list = 'therapy-category' ORDER BY sort_order LIMIT 1`)
    )[0]!.code,
  );
  const searches = states.flatMap((state) =>
    [
      `state=${state}`,
      `state=${state}&therapy=${therapyCode}`,
      `state=${state}&q=grief`,
      `state=${state}&sort=price`,
    ].map((q) => `${ctx.url}/api/v1/therapists?${q}`),
  );
  const zones = Intl.supportedValuesOf('timeZone');
  const aliases = [
    'US/Eastern',
    'US/Pacific',
    'Asia/Kolkata',
    'Europe/Kyiv',
    'GB',
    'EST5EDT',
    'Etc/UTC',
    'Universal',
    'America/Argentina/Buenos_Aires',
    'Asia/Ho_Chi_Minh',
  ];
  ctx.log(
    `soak: ${providers.length} calendars, ${zones.length} zones (and aliases, other cases, junk), ${searches.length} searches, ${seconds} s`,
  );

  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      base: ctx.url,
      providers,
      zones,
      aliases,
      searches,
      token: ctx.user.accessToken,
      connections: CONNECTIONS,
    },
  });
  let failed: Error | undefined;
  let pending: ((t: Tally) => void) | undefined;
  const finished = new Promise<Tally>((resolve, reject) => {
    worker.on('message', (m: (Tally & { done?: true }) | { error: string }) => {
      if ('error' in m) return reject(new Error(`soak: ${m.error}`));
      if (m.done) return resolve(m);
      pending?.(m);
      pending = undefined;
    });
    worker.once('error', reject);
  });
  finished.catch((err: unknown) => (failed = err as Error));
  const tally = () =>
    new Promise<Tally>((resolve) => {
      pending = resolve;
      worker.postMessage('tally');
    });
  const bookings = bookInTurns(ctx, own, clients, String(therapy!.identifier), String(modality!.identifier));

  const started = Date.now();
  const samples: Array<{ at: number } & ReturnType<typeof heapAfterGc>> = [];
  const sampleAt = [
    ...new Set([
      firstAt,
      ...Array.from({ length: Math.floor(seconds / SAMPLE_EVERY_S) }, (_, i) => (i + 1) * SAMPLE_EVERY_S),
      seconds,
    ]),
  ]
    .filter((s) => s <= seconds)
    .sort((a, b) => a - b);
  let rssMax = 0;
  try {
    for (const at of sampleAt) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + at * 1000 - Date.now())));
      if (failed) throw failed;
      const sample = { at, ...heapAfterGc(gc) };
      rssMax = Math.max(rssMax, sample.rss);
      samples.push(sample);
      const so = await tally();
      const generator =
        so.workerHeap === undefined ? '' : `, load generator's heap ${(so.workerHeap / MB).toFixed(0)} MB`;
      ctx.log(
        `soak: ${at} s: heap after GC ${sample.heap.toFixed(1)} MB (of ${sample.heapTotal.toFixed(0)} MB held), external ${sample.external.toFixed(0)} MB, rss ${sample.rss.toFixed(0)} MB${generator}, ${so.requests.toLocaleString('en-US')} requests`,
      );
    }
  } finally {
    worker.postMessage('stop');
  }
  const end = await finished;
  const booked = await bookings.stop();
  void worker.terminate();

  const statuses = Object.entries(end.counts).sort(([a], [b]) => a.localeCompare(b));
  ctx.log(
    `soak: ${statuses.map(([k, n]) => `${k}: ${n}`).join(', ')}; bookings ${booked.booked} made and cancelled, ${booked.refused} refused`,
  );
  if (end.unexpected.length > 0) throw new Error(`soak: unexpected answers, e.g.\n${end.unexpected.join('\n')}`);

  const first = samples.find((s) => s.at === firstAt)!;
  const last = samples[samples.length - 1]!;
  const minutes = (last.at - first.at) / 60;
  return {
    'soak.duration_s': seconds,
    'soak.requests': end.requests,
    'soak.rps': Math.round(end.requests / seconds),
    'soak.heap_after_gc_1min_mb': round(first.heap),
    'soak.heap_after_gc_end_mb': round(last.heap),
    'soak.heap_growth_ratio': round(last.heap / first.heap, 3),
    'soak.heap_growth_mb_per_min': round((last.heap - first.heap) / minutes, 2),
    'soak.rss_1min_mb': Math.round(first.rss),
    'soak.rss_end_mb': Math.round(last.rss),
    'soak.rss_max_mb': Math.round(rssMax),
  };
}
