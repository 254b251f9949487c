import { Worker } from 'node:worker_threads';
import { buildApp } from '@therapy/api/app';
import { createDatabase } from '@therapy/api/db/client';
import { callJson, expectStatus, type BenchAccount } from '../lib/accounts.ts';
import { percentile } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'messages.delivery';
export const description =
  "a chat message sent to one API instance until the other party's WebSocket on a second instance (same database, LISTEN/NOTIFY) hears it: 50 conversations, each a message a second (staggered), p95";

const PROVIDERS = 5;
const CLIENTS_PER_PROVIDER = 10;
/** Each client sends this many messages a second apart: a busy chat, under the per-user send limit (30 a minute). */
const MESSAGES_EACH = 10;
const SPACING_MS = 1000;
const PASSWORD = 'Steady-Bench-4821';
/** Fifty messages a second, each answered in milliseconds: about one request in flight, so its p95 is compared with health's at one. */
export const concurrency = 1;

/** A client or provider signed up through the API, from an address of its own (the sign-up limit is per address). */
async function account(
  base: string,
  userType: 'client' | 'provider',
  i: number,
  countryIdentifier: string,
): Promise<BenchAccount> {
  const email = `bench.chat.${userType}${i}.${Date.now()}@example.com`;
  const from = {
    'content-type': 'application/json',
    'x-forwarded-for': `10.88.${userType === 'client' ? 1 : 2}.${i + 1}`,
  };
  const body =
    userType === 'client'
      ? {
          userType,
          firstName: 'Bench',
          lastName: 'Client',
          email,
          confirmEmail: email,
          countryIdentifier,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptTerms: true,
        }
      : {
          userType,
          firstName: 'Bench',
          lastName: 'Provider',
          email,
          phoneNumber: '2025550143',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptTerms: true,
        };
  const registered = await fetch(`${base}/api/v1/user/register`, {
    method: 'POST',
    headers: from,
    body: JSON.stringify(body),
  });
  if (registered.status !== 201)
    throw new Error(`messages.delivery: register answered ${registered.status}: ${await registered.text()}`);
  const login = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: from,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const session = ((await login.json()) as { data: { accessToken: string; user: { identifier: string } } }).data;
  return { email, password: PASSWORD, accessToken: session.accessToken, identifier: session.user.identifier };
}

/**
 * The load in a worker thread: the providers' sockets on instance B, the clients' sends to instance A, each latency
 * from the start of the POST to the socket hearing `created` for that message.
 */
const workerSource = `
const WebSocket = require('ws');
const { parentPort, workerData } = require('node:worker_threads');
const { urlA, wsB, conversations, providers, each, spacing } = workerData;
(async () => {
  const waiting = new Map();
  const early = new Map();
  const sockets = await Promise.all(providers.map((p) => new Promise((resolve, reject) => {
    const socket = new WebSocket(wsB, ['bearer', p.token]);
    socket.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'ready') resolve(socket);
      if (m.type === 'message.changed' && m.change === 'created') {
        if (waiting.has(m.messageId)) {
          waiting.get(m.messageId)(performance.now());
          waiting.delete(m.messageId);
        } else early.set(m.messageId, performance.now());
      }
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error('socket answered ' + res.statusCode)));
    socket.on('error', reject);
  })));
  const latencies = [];
  // Staggered, so the conversations do not all send in the same instant (a burst measures the queue, not delivery).
  await Promise.all(conversations.map(async (c, n) => {
    await new Promise((r) => setTimeout(r, (n * spacing) / conversations.length));
    for (let i = 0; i < each; i++) {
      const form = new FormData();
      form.set('conversationIdentifier', c.conversationId);
      form.set('content', 'Bench message ' + i);
      const started = performance.now();
      let heardAt;
      const heard = new Promise((resolve) => { heardAt = resolve; });
      const res = await fetch(urlA + '/api/v1/messages/store', { method: 'POST', headers: { authorization: 'Bearer ' + c.token }, body: form });
      const body = await res.json();
      if (res.status !== 201) throw new Error('send answered ' + res.status + ': ' + JSON.stringify(body));
      // The push may come before the answer: it is matched by the message's id either way.
      if (early.has(body.data.identifier)) heardAt(early.get(body.data.identifier));
      else waiting.set(body.data.identifier, heardAt);
      const at = await Promise.race([heard, new Promise((_, reject) => setTimeout(() => reject(new Error('not heard within 10 s')), 10000))]);
      latencies.push(at - started);
      await new Promise((r) => setTimeout(r, spacing));
    }
  }));
  for (const s of sockets) s.close();
  parentPort.postMessage({ latencies });
})().catch((err) => parentPort.postMessage({ error: String(err && err.message || err) }));
`;

export async function run(ctx: BenchContext): Promise<Figures> {
  // The second instance: the same configuration and database, its own pool and LISTEN connection.
  const pool = ctx.db.$client as unknown as { options: { connectionString: string } };
  const otherDb = createDatabase(pool.options.connectionString, { max: 10 });
  const other = await buildApp({ config: ctx.config, db: otherDb, logger: false });
  const urlB = (await other.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  try {
    ctx.log(`messages.delivery: signing up ${PROVIDERS} providers and ${PROVIDERS * CLIENTS_PER_PROVIDER} clients`);
    const countries = await callJson(`${ctx.url}/api/v1/region/country`, 'GET');
    expectStatus('countries', countries, 200);
    const ng = (countries.json as { data: Array<{ identifier: string; code: string }> }).data.find(
      (c) => c.code === 'NG',
    )!.identifier;
    const providers: BenchAccount[] = [];
    for (let i = 0; i < PROVIDERS; i += 1) providers.push(await account(ctx.url, 'provider', i, ng));
    const conversations: Array<{ conversationId: string; token: string }> = [];
    for (let i = 0; i < PROVIDERS * CLIENTS_PER_PROVIDER; i += 1) {
      const client = await account(ctx.url, 'client', i, ng);
      const provider = providers[i % PROVIDERS]!;
      // The relation a chat needs: an import the client accepted (what the invitation leaves behind).
      await ctx.query(
        `INSERT INTO client_imports (identifier, provider_id, email, source, client_id, accepted_at) VALUES (gen_random_uuid(), $1, $2, 'email', $3, now())`,
        [provider.identifier, client.email, client.identifier],
      );
      const opened = await callJson(
        `${ctx.url}/api/v1/messages/conversations`,
        'POST',
        { participantIdentifier: provider.identifier },
        client.accessToken,
      );
      expectStatus('open conversation', opened, 201);
      conversations.push({
        conversationId: (opened.json as { data: { identifier: string } }).data.identifier,
        token: client.accessToken,
      });
    }
    const latencies = await new Promise<number[]>((resolve, reject) => {
      const worker = new Worker(workerSource, {
        eval: true,
        workerData: {
          urlA: ctx.url,
          wsB: `${urlB.replace('http', 'ws')}/api/v1/ws`,
          conversations,
          providers: providers.map((p) => ({ token: p.accessToken })),
          each: MESSAGES_EACH,
          spacing: SPACING_MS,
        },
      });
      worker.once('message', (m: { latencies: number[] } | { error: string }) => {
        void worker.terminate();
        if ('error' in m) reject(new Error(`messages.delivery: ${m.error}`));
        else resolve(m.latencies);
      });
      worker.once('error', reject);
    });
    latencies.sort((a, b) => a - b);
    return {
      'messages.delivery.p95_ms': Number(percentile(latencies, 95).toFixed(1)),
      'messages.delivery.count': latencies.length,
    };
  } finally {
    await other.close();
    await otherDb.$client.end();
  }
}
