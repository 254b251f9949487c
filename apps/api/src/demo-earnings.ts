import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ClockWork } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { DemoAccount } from './db/seed/seed-demo.ts';
import type { Clock } from './platform/clock.ts';

/**
 * The demo's past (issue 46): two sessions the demo client had with the demo therapist, a fortnight and a week ago,
 * both completed and paid to her earnings, the first of them paid out to her bank by the operator's EUR batch. A
 * session in the past cannot be booked, so they are made the way they were once made: through the app's own routes
 * (in process, `inject`), on a second instance of the app whose clock stands a fortnight back and is moved forward
 * past each session, as time would have moved it. Its clock work (the completion job) runs under that clock. Once
 * only: a client who has a completed session is left alone.
 */
// The answers are read loosely: this is a script over the API, and a wrong shape fails it with a clear message.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { data: any; meta?: { total: number } };

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A clock that runs at the wall clock's pace from an instant in the past; `set` moves it to another instant. */
function pastClock(startAt: Date): Clock & { set(at: Date): void } {
  let offset = Date.now() - startAt.getTime();
  return {
    now: () => new Date(Date.now() - offset),
    set: (at) => void (offset = Date.now() - at.getTime()),
  };
}

export async function seedDemoEarnings(
  base: { config: Config; db: Database },
  accounts: DemoAccount[],
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const client = accounts.find((a) => a.userType === 'client');
  const provider = accounts.find((a) => a.userType === 'provider');
  const operator = accounts.find((a) => a.userType === 'operator');
  if (!client || !provider?.identifier || !operator) return;

  const clock = pastClock(new Date(Date.now() - 16 * DAY));
  let work: ClockWork | undefined;
  let app: FastifyInstance | undefined;
  try {
    // No web app on this instance: the server renderer is one per process, and its API transport would point here
    // (at an instance that is closed once the past is made) instead of at the app that serves the pages. No metrics
    // either: the registry is the process's too.
    app = await buildApp({
      ...base,
      config: { ...base.config, serveWeb: false },
      clock,
      logger: false,
      metrics: false,
      clockWork: (w) => (work = w),
    });
    await app.ready();
    const past = app;
    const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, key?: string) => {
      const res = await past.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          'user-agent': 'Therapy Finder demo set-up',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      const json = res.json() as Answer;
      if (res.statusCode >= 300)
        throw new Error(`demo earnings: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
      return json;
    };
    const signIn = async (who: DemoAccount) =>
      (await call('POST', '/user/login', undefined, { email: who.email, password: who.password })).data
        .accessToken as string;

    const token = await signIn(client);
    const done = await call('GET', '/booking?statuses=completed&pageSize=1', token);
    if ((done.meta?.total ?? 0) > 0) return;

    const summary = await call('GET', `/providers/${provider.identifier}`);
    const therapy = (summary.data.therapies as Array<{ identifier: string }>)[0]?.identifier;
    const modalities = (await call('GET', '/reference/modality')).data as Array<{ identifier: string; code: string }>;
    const online = modalities.find((m) => m.code === 'online')?.identifier;
    if (!therapy || !online) return;

    // A session a day after the clock's start, and one a week after that.
    const calendar = await call('GET', `/providers-availability/${provider.identifier}/timeslot?timezone=UTC`);
    const slots = (calendar.data.items as Array<{ timeSlot: Array<{ identifier: string; startTime: string }> }>)
      .flatMap((d) => d.timeSlot)
      .map((s) => ({ ...s, at: Date.parse(s.startTime) }));
    const from = clock.now().getTime();
    const first = slots.find((s) => s.at > from + DAY);
    const second = slots.find((s) => first && s.at > first.at + 7 * DAY);
    if (!first || !second) return;

    const book = async (slot: { identifier: string }, note: string) =>
      (
        await call('POST', '/booking', token, {
          therapyIdentifier: therapy,
          modalityIdentifier: online,
          timeslotIdentifier: slot.identifier,
          note,
        })
      ).data.identifier as string;
    const firstId = await book(first, 'My first session: I have been sleeping badly since the move.');
    const price = (await call('GET', `/booking/${firstId}`, token)).data.price as {
      amount: number;
      currencyCode: string;
    };
    const topup = await call(
      'POST',
      '/payment/wallet',
      token,
      { amount: 2 * price.amount, currencyCode: price.currencyCode },
      `demo-past-topup-${crypto.randomUUID()}`,
    );
    const reference = topup.data.payment.reference as string;
    await past.inject({ method: 'POST', url: `/api/v1/payment/sandbox/checkout/${encodeURIComponent(reference)}/pay` });
    for (let i = 0; i < 40; i += 1) {
      const balance = await call('GET', `/wallet/balance?currency=${price.currencyCode}`, token);
      if ((balance.data?.balance ?? 0) >= 2 * price.amount) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await call('POST', `/booking/${firstId}/pay`, token, undefined, `demo-past-pay-${firstId}`);
    const secondId = await book(second, 'A follow-up on sleep and routines.');
    await call('POST', `/booking/${secondId}/pay`, token, undefined, `demo-past-pay-${secondId}`);

    // An hour after the first session: it is completed and its fee (less the commission) is her earnings.
    clock.set(new Date(first.at + 2 * HOUR));
    await work!.completeBookings();
    // The next day the operator pays the EUR earnings by the bank file, and marks the batch sent.
    clock.set(new Date(first.at + DAY));
    const operatorToken = await signIn(operator);
    try {
      const batch = await call('POST', '/operator/payout-batches', operatorToken, { currency: price.currencyCode });
      await call('POST', `/operator/payout-batches/${batch.data.identifier}/paid`, operatorToken);
    } catch (err) {
      // Without bank-file details (a currency the batches do not pay) the earnings wait; the rest still shows.
      log.warn({ err }, 'the demo payout was not made');
    }
    // After the second session: completed, its earnings available for the next payout.
    clock.set(new Date(second.at + 2 * HOUR));
    await work!.completeBookings();
  } catch (err) {
    // The demo must start even if this part fails: it says why and goes on.
    log.warn({ err }, 'the demo earnings were not made');
  } finally {
    await app?.close();
  }
}
