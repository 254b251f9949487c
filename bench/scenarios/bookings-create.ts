import { constants as perfConstants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { callJson, expectStatus, signUp, type BenchAccount } from '../lib/accounts.ts';
import { createDatabase } from '@therapy/api/db/client';
import { percentile } from '../lib/load.ts';
import { replay } from '../lib/sql-replay.ts';
import { RECORD_HEADER, type RecordedStatement } from '../lib/statement-recorder.ts';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'bookings.create';
export const description =
  "POST /api/v1/booking at 8 connections, each request a new client and a new slot: p95 latency and throughput; and the same bookings' own SQL replayed without HTTP (bookings.sql.tps)";

const CONNECTIONS = 8;
export const concurrency = CONNECTIONS;
const REQUESTS = 240;
/**
 * Bookings sent first and not counted, through the same connections: the figure is a running server's, whose code the
 * JIT has compiled. With one warm-up request per connection the measured second was also spent compiling (V8's
 * compiler threads took 1.3 ms of CPU per booking against 0.5, from the server's two cores), and p95 read 68–73 ms
 * against 60–62 ms with this warm-up, runs taken in turns.
 */
const WARM_UP = 240;
const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

/** A verified provider who offers every therapy and modality, a fee, and 15-minute sessions all day every day. */
async function bookableProvider(
  ctx: BenchContext,
): Promise<{ provider: BenchAccount; therapy: string; modality: string }> {
  const api = `${ctx.url}/api/v1`;
  const provider = await signUp(ctx.url, 'provider', 'bookings');
  // The practice set-up and the operator's approval are not what is measured: written directly, first (nothing
  // announces these writes, so they come before the calls that compute and cache the provider's calendar).
  await ctx.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [provider.identifier],
  );
  await ctx.query(
    `INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at) VALUES ($1, 'approved', now(), now())`,
    [provider.identifier],
  );
  const settings = { timezone: 'UTC', sessionLengthMinutes: 15, bufferMinutes: 0, minimumNoticeHours: 0 };
  expectStatus(
    'PUT settings',
    await callJson(`${api}/provider-availability/settings`, 'PUT', settings, provider.accessToken),
    200,
  );
  const days = weekdays.map((identifier) => ({
    identifier,
    isAvailable: true,
    timeSlotsInterval: [{ startTime: '00:00', endTime: '23:00' }],
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
  const [therapy] = await ctx.query(
    `SELECT identifier FROM reference_items WHERE list = 'therapy-category' ORDER BY sort_order LIMIT 1`,
  );
  const [modality] = await ctx.query(
    `SELECT identifier FROM reference_items WHERE list = 'modality' AND code = 'online'`,
  );
  return { provider, therapy: String(therapy!.identifier), modality: String(modality!.identifier) };
}

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as unknown };
}

/** A client in Nigeria (no US licence rule), registered and signed in through the API. */
async function signUpClient(base: string, countryIdentifier: string, i: number): Promise<BenchAccount> {
  const email = `bench.booker${i}.${Date.now()}@example.com`;
  const password = 'Steady-Bench-4821';
  const body = {
    userType: 'client',
    firstName: 'Bench',
    lastName: 'Client',
    email,
    confirmEmail: email,
    countryIdentifier,
    password,
    confirmPassword: password,
    acceptTerms: true,
  };
  // Each client comes from its own address: the per-address sign-up limit is not what is measured.
  const from = { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  expectStatus(`register ${email}`, await post(`${base}/api/v1/user/register`, body, from), 201);
  const login = await post(`${base}/api/v1/user/login`, { email, password }, from);
  expectStatus(`login ${email}`, login, 200);
  const session = (login.json as { data: { accessToken: string; user: { identifier: string } } }).data;
  return { email, password, accessToken: session.accessToken, identifier: session.user.identifier };
}

/**
 * The load generator runs in a worker thread, as the other scenarios' autocannon workers do: the clients must not
 * share the server's event loop (their JSON and HTTP work would count as the server's latency). On a two-core machine
 * the client's own CPU is taken from the server, so it is as lean as autocannon: CONNECTIONS keep-alive sockets, each
 * writing a request built beforehand and reading its answer whole (status, headers, body by length or chunks).
 * node:http cost about 0.5 ms of CPU per request here, this 0.17-0.2 ms (fetch cost 1.1 ms). They ask for compressed
 * answers as a browser does, so the server compresses as it would for one. CONNECTIONS loops send the last WARM_UP
 * requests (not counted), then the first REQUESTS.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { url, requests, connections, measured } = workerData;
const { hostname, port, pathname } = new URL(url);
const CRLF2 = Buffer.from('\\r\\n\\r\\n');
const CRLF = Buffer.from('\\r\\n');
const wire = (r) => Buffer.from('POST ' + pathname + ' HTTP/1.1\\r\\nhost: ' + hostname + ':' + port + '\\r\\ncontent-type: application/json\\r\\ncontent-length: ' + Buffer.byteLength(r.body) + '\\r\\naccept-encoding: gzip, deflate, br\\r\\nauthorization: Bearer ' + r.token + '\\r\\n\\r\\n' + r.body);
/** One keep-alive connection: one request at a time, its answer read whole (by content-length or chunks). */
class Connection {
  constructor() {
    this.socket = net.connect(Number(port), hostname);
    this.socket.setNoDelay(true);
    this.data = Buffer.alloc(0);
    this.waiting = null;
    this.socket.on('data', (chunk) => { this.data = this.data.length ? Buffer.concat([this.data, chunk]) : chunk; this.parse(); });
    this.socket.on('error', (err) => this.waiting && this.waiting.reject(err));
    this.socket.on('close', () => this.waiting && this.waiting.reject(new Error('connection closed')));
  }
  send(bytes) {
    return new Promise((resolve, reject) => { this.waiting = { resolve, reject }; this.socket.write(bytes); });
  }
  parse() {
    const d = this.data;
    const headEnd = d.indexOf(CRLF2);
    if (headEnd < 0 || !this.waiting) return;
    const head = d.toString('latin1', 0, headEnd).toLowerCase();
    const status = Number(head.slice(9, 12));
    const header = (name) => { const m = head.match(new RegExp('\\\\r\\\\n' + name + ': *([^\\\\r]*)')); return m ? m[1] : undefined; };
    let body; let used;
    const length = header('content-length');
    if (length !== undefined) {
      used = headEnd + 4 + Number(length);
      if (d.length < used) return;
      body = d.subarray(headEnd + 4, used);
    } else {
      // Chunked: size line, chunk, CRLF, ... until the chunk of size 0 and its closing CRLF.
      const parts = [];
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = d.indexOf(CRLF, at);
        if (lineEnd < 0) return;
        const size = parseInt(d.toString('latin1', at, lineEnd), 16);
        if (d.length < lineEnd + 2 + size + 2) return;
        if (size === 0) { used = lineEnd + 4; break; }
        parts.push(d.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    }
    this.data = d.subarray(used);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status, encoding: header('content-encoding'), body });
  }
}
const book = async (connection, r) => {
  const started = performance.now();
  const res = await connection.send(r.wire);
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error('bookings.create: answered ' + res.status + ': ' + (res.encoding ? res.body.length + ' bytes, ' + res.encoding : res.body.toString()));
  if (res.body.length === 0) throw new Error('bookings.create: answered 201 without a body');
  return ms;
};
const pool = Array.from({ length: connections }, () => new Connection());
const send = async (list) => {
  const latencies = [];
  let next = 0;
  await Promise.all(pool.map(async (connection) => { while (next < list.length) latencies.push(await book(connection, list[next++])); }));
  return latencies;
};
(async () => {
  const all = requests.map((r) => ({ wire: wire(r) }));
  await send(all.slice(measured));
  parentPort.postMessage({ measuring: true });
  const started = performance.now();
  const latencies = await send(all.slice(0, measured));
  for (const c of pool) c.socket.destroy();
  parentPort.postMessage({ latencies, seconds: (performance.now() - started) / 1000 });
})().catch((err) => parentPort.postMessage({ error: String(err && err.message || err) }));
`;

/** What the server's garbage collector paused its event loop for during the measured phase, young and full collections. */
interface Pauses {
  young: number[];
  full: number[];
}

/**
 * Collects the main thread's garbage collections (the server's) until `stop` is called. Node reports a collection in a
 * later turn of the event loop, so `stop` waits one turn before it takes the last ones.
 */
function watchCollections(): { stop: () => Promise<Pauses> } {
  const pauses: Pauses = { young: [], full: [] };
  const take = (entries: PerformanceEntry[]) => {
    for (const entry of entries) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) pauses.young.push(entry.duration);
      else if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) pauses.full.push(entry.duration);
    }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: async () => {
      await new Promise((turn) => setImmediate(turn));
      take(observer.takeRecords());
      observer.disconnect();
      return pauses;
    },
  };
}

const describePauses = (label: string, ms: number[]) =>
  `${ms.length} ${label}${ms.length === 1 ? '' : 's'}${ms.length ? ` (${ms.map((m) => m.toFixed(1)).join(', ')} ms)` : ''}`;

/**
 * Also the CPU time the server's event loop (this process's main thread) spent per measured booking: the same code
 * takes from 1.4 to 3 ms on this kind of machine from one run to the next, and the p95 follows it (about 15 ms of p95
 * per ms of it at 8 connections), so it tells a slower build from a slower machine. And the server's garbage
 * collections in the measured phase: each pauses all eight bookings in flight (a young one for 7 to 17 ms in runs on
 * this kind of machine, a full one for 18 ms or more), so they tell a run with a collection in its window from one
 * without.
 */
function fireFromWorker(
  url: string,
  requests: Array<{ token: string; body: string }>,
): Promise<{ latencies: number[]; seconds: number; serverCpuMs: number; pauses: Pauses }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { url, requests, connections: CONNECTIONS, measured: REQUESTS },
    });
    let cpuAtStart: NodeJS.CpuUsage | undefined;
    let collections: ReturnType<typeof watchCollections> | undefined;
    worker.on('message', (m: { measuring: true } | { latencies: number[]; seconds: number } | { error: string }) => {
      if ('measuring' in m) {
        cpuAtStart = process.threadCpuUsage();
        collections = watchCollections();
        return;
      }
      const cpu = process.threadCpuUsage(cpuAtStart);
      void worker.terminate();
      if ('error' in m) return reject(new Error(m.error));
      void (collections?.stop() ?? Promise.resolve({ young: [], full: [] })).then((pauses) =>
        resolve({ ...m, serverCpuMs: (cpu.user + cpu.system) / 1000, pauses }),
      );
    });
    worker.once('error', reject);
  });
}

async function slotIdentifiers(ctx: BenchContext, providerId: string, count: number): Promise<string[]> {
  const answer = await callJson(`${ctx.url}/api/v1/providers-availability/${providerId}/timeslot?timezone=UTC`, 'GET');
  expectStatus('GET timeslots', answer, 200);
  const items = (answer.json as { data: { items: Array<{ timeSlot: Array<{ identifier: string }> }> } }).data.items;
  const ids = items.flatMap((i) => i.timeSlot.map((s) => s.identifier));
  if (ids.length < count) throw new Error(`bookings.create: only ${ids.length} slots, ${count} needed`);
  // From the second day on (signing the clients up takes a minute, and today's first slots pass meanwhile), spread
  // over the calendar so neighbouring requests do not book neighbouring slots only.
  const later = ids.slice(Math.ceil(ids.length / 30));
  if (later.length < count) throw new Error(`bookings.create: only ${later.length} later slots, ${count} needed`);
  return Array.from({ length: count }, (_, i) => later[Math.floor((i * later.length) / count)]!);
}

/**
 * The same bookings' own SQL without HTTP (DESIGN.md §8, `bookings.create.ratio_to_sql`): the bench provider's
 * bookings are deleted, every client books its slot again through the API with its statements recorded, the bookings
 * are deleted again, and the recordings are replayed through a pool of the app's driver and options at the same
 * concurrency: the warm-up's first, then the measured ones, timed.
 */
async function sqlOfTheSameBookings(
  ctx: BenchContext,
  providerId: string,
  requests: Array<{ token: string; body: string }>,
): Promise<number> {
  // A booking's status history is append-only (a trigger refuses deletes): this throwaway database lifts it for the
  // one statement that clears the bench provider's bookings, in one transaction.
  if (!/^[0-9a-f-]{36}$/.test(providerId)) throw new Error(`bookings.create: not an identifier: ${providerId}`);
  const removeBookings = () =>
    ctx.query(`BEGIN; ALTER TABLE booking_status_history DISABLE TRIGGER booking_status_history_no_change;
      DELETE FROM bookings WHERE provider_id = '${providerId}';
      ALTER TABLE booking_status_history ENABLE TRIGGER booking_status_history_no_change; COMMIT`);
  await removeBookings();
  const recorded: RecordedStatement[][] = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < requests.length) {
        const i = next++;
        const r = requests[i]!;
        const id = `booking-${i}`;
        const res = await fetch(`${ctx.url}/api/v1/booking`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${r.token}`, [RECORD_HEADER]: id },
          body: r.body,
        });
        if (res.status !== 201)
          throw new Error(`bookings.create: a recorded booking answered ${res.status}: ${await res.text()}`);
        recorded[i] = ctx.recorder.take(id);
      }
    }),
  );
  const statements = recorded.map((r) => r.length);
  ctx.log(
    `bookings.sql: recorded ${Math.min(...statements)} to ${Math.max(...statements)} statements per booking, replayed without HTTP`,
  );
  await removeBookings();
  const replayDb = createDatabase(String(ctx.db.$client.options.connectionString), { max: CONNECTIONS });
  try {
    await replay(replayDb.$client, recorded.slice(REQUESTS), CONNECTIONS);
    const { perSecond } = await replay(replayDb.$client, recorded.slice(0, REQUESTS), CONNECTIONS);
    return perSecond;
  } finally {
    await replayDb.$client.end();
  }
}

export async function run(ctx: BenchContext): Promise<Figures> {
  const { provider, therapy, modality } = await bookableProvider(ctx);
  const slots = await slotIdentifiers(ctx, provider.identifier, REQUESTS + WARM_UP);
  ctx.log(`bookings.create: signing up ${REQUESTS + WARM_UP} clients`);
  const clients: BenchAccount[] = [];
  const countries = await callJson(`${ctx.url}/api/v1/region/country`, 'GET');
  const ng = (countries.json as { data: Array<{ identifier: string; code: string }> }).data.find(
    (c) => c.code === 'NG',
  )!.identifier;
  for (let i = 0; i < REQUESTS + WARM_UP; i += 1) clients.push(await signUpClient(ctx.url, ng, i));

  const requests = clients.map((c, i) => ({
    token: c.accessToken,
    body: JSON.stringify({ modalityIdentifier: modality, therapyIdentifier: therapy, timeslotIdentifier: slots[i] }),
  }));
  const { latencies, seconds, serverCpuMs, pauses } = await fireFromWorker(`${ctx.url}/api/v1/booking`, requests);
  ctx.log(
    `bookings.create: the server's event loop spent ${(serverCpuMs / REQUESTS).toFixed(2)} ms of CPU per measured booking`,
  );
  ctx.log(
    `bookings.create: its garbage collector paused it for ${describePauses('young collection', pauses.young)} and ${describePauses('full collection', pauses.full)}`,
  );
  latencies.sort((a, b) => a - b);
  const rps = REQUESTS / seconds;
  const sqlPerSecond = await sqlOfTheSameBookings(ctx, provider.identifier, requests);
  return {
    'bookings.create.p95_ms': Number(percentile(latencies, 95).toFixed(1)),
    'bookings.create.rps': Math.round(rps),
    'bookings.sql.tps': Math.round(sqlPerSecond),
    'bookings.create.ratio_to_sql': Number((rps / sqlPerSecond).toFixed(3)),
  };
}
