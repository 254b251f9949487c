import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type ClockWork } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { demoTherapistEmail } from './db/seed/demo-directory.ts';
import { demoReviewsMade, findUserByEmail, upsertDemoReviewers } from './db/seed/demo.repository.ts';
import {
  DEMO_REVIEW_TEXTS,
  DEMO_REVIEWERS,
  STATE_ZONES,
  demoTherapists,
  type DemoState,
} from './db/seed/demo-therapists.ts';
import type { Clock } from './platform/clock.ts';

/**
 * The demo therapists' reviews (issue 48: "no one has a photo or a review"). A review belongs to a completed session,
 * so each is made the way a client makes one, through the app's own routes (in process, `inject`) on a second
 * instance whose clock stands three weeks back (as demo-earnings.ts does): ten demo clients, two per state, top up
 * their wallets, book and pay a session with the therapists of their state, the clock moves past the sessions, the
 * completion job completes them, and each client reviews theirs. Every therapist gets one or two reviews. The
 * clients' password is made here, used once and forgotten: nobody can sign in as them. Once only: when any demo
 * therapist has a review, nothing is done.
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

/** The first date ("YYYY-MM-DD", in `zone`) two or more days after `from` on which the plan's hours have a day. */
function workingDayAfter(from: Date, zone: string, hours: Array<[number, number, number]>): string {
  const days = new Set(hours.map(([day]) => day));
  for (let ahead = 2; ; ahead += 1) {
    const at = new Date(from.getTime() + ahead * DAY);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'short',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
    if (days.has(weekday) || ahead > 9) return `${parts.year}-${parts.month}-${parts.day}`;
  }
}

export const demoReviewerEmail = (i: number) => `demo-client.${i + 1}@seed.example.com`;

export async function seedDemoReviews(
  base: { config: Config; db: Database },
  hashPassword: (password: string) => Promise<string>,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const { db } = base;
  if (!(await findUserByEmail(db, demoTherapistEmail(1)))) return;
  if (await demoReviewsMade(db)) return;

  const password = crypto.randomBytes(24).toString('base64url');
  const reviewers = DEMO_REVIEWERS.map(([firstName, lastName, state], i) => ({
    email: demoReviewerEmail(i),
    firstName,
    lastName,
    state,
    timezone: STATE_ZONES[state],
  }));
  await upsertDemoReviewers(db, reviewers, await hashPassword(password));

  const clock = pastClock(new Date(Date.now() - 21 * DAY));
  let work: ClockWork | undefined;
  let app: FastifyInstance | undefined;
  try {
    // As demo-earnings.ts: no web app and no metrics on this instance (both are the process's).
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
      if (res.statusCode >= 300)
        throw new Error(`demo reviews: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
      return res.json() as Answer;
    };
    const signIn = async (email: string) =>
      (await call('POST', '/user/login', undefined, { email, password })).data.accessToken as string;

    // Who books whom: each therapist one or two sessions, with the clients of their home state.
    const therapists = demoTherapists();
    const plan: Array<{ reviewer: number; therapistN: number; review: number }> = [];
    therapists.forEach((t, i) => {
      const pair = reviewers.flatMap((r, j) => (r.state === (t.homeState as DemoState) ? [j] : []));
      const count = 1 + (t.n % 2);
      for (let k = 0; k < count && k < pair.length; k += 1)
        plan.push({
          reviewer: pair[(i + k) % pair.length]!,
          therapistN: t.n,
          review: (i + k) % DEMO_REVIEW_TEXTS.length,
        });
    });

    const tokens = new Map<number, string>();
    await Promise.all(
      [...new Set(plan.map((p) => p.reviewer))].map(async (i) => tokens.set(i, await signIn(reviewers[i]!.email))),
    );
    const online = (
      (await call('GET', '/reference/modality')).data as Array<{ identifier: string; code: string }>
    ).find((m) => m.code === 'online')?.identifier;
    if (!online) return;

    // Each client's top-up: the sum of their sessions' fees, paid through the sandbox checkout, credited by its webhook.
    const fees = new Map(therapists.map((t) => [t.n, t.fee]));
    await Promise.all(
      [...tokens].map(async ([i, token]) => {
        const amount = plan.filter((p) => p.reviewer === i).reduce((sum, p) => sum + fees.get(p.therapistN)!, 0);
        const topup = await call(
          'POST',
          '/payment/wallet',
          token,
          { amount, currencyCode: 'USD' },
          `demo-reviews-topup-${crypto.randomUUID()}`,
        );
        const reference = topup.data.payment.reference as string;
        await past.inject({
          method: 'POST',
          url: `/api/v1/payment/sandbox/checkout/${encodeURIComponent(reference)}/pay`,
        });
        for (let tries = 0; tries < 40; tries += 1) {
          const balance = await call('GET', '/wallet/balance?currency=USD', token);
          if ((balance.data?.balance ?? 0) >= amount) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );

    // The sessions: in the therapist's first week of the clock's past, one slot apart per client.
    const booked: Array<{ reviewer: number; bookingId: string; review: number }> = [];
    let latestEnd = 0;
    const bookFor = async (t: (typeof therapists)[number]) => {
      const mine = plan.filter((p) => p.therapistN === t.n);
      if (mine.length === 0) return;
      const provider = (await findUserByEmail(db, demoTherapistEmail(t.n)))!.id;
      const summary = await call('GET', `/providers/${provider}`);
      const therapy = (summary.data.therapies as Array<{ identifier: string }>)[0]?.identifier;
      // One working day of theirs, two to nine days after the clock's start (one day's slots: cheap to compute).
      const day = workingDayAfter(clock.now(), t.timezone, t.hours);
      const calendar = await call('GET', `/providers-availability/${provider}/timeslot/${day}?timezone=${t.timezone}`);
      const slots = (
        calendar.data.items as Array<{ timeSlot: Array<{ identifier: string; endTime: string }> }>
      ).flatMap((d) => d.timeSlot);
      for (const [k, p] of mine.entries()) {
        const slot = slots[1 + k * 2] ?? slots[k];
        if (!therapy || !slot) continue;
        const token = tokens.get(p.reviewer)!;
        const bookingId = (
          await call('POST', '/booking', token, {
            therapyIdentifier: therapy,
            modalityIdentifier: online,
            timeslotIdentifier: slot.identifier,
            note: 'A first session.',
          })
        ).data.identifier as string;
        await call('POST', `/booking/${bookingId}/pay`, token, undefined, `demo-reviews-pay-${bookingId}`);
        booked.push({ reviewer: p.reviewer, bookingId, review: p.review });
        latestEnd = Math.max(latestEnd, Date.parse(slot.endTime));
      }
    };
    // A few therapists at a time (each one's own calendar): the start-up does not wait for thirty in a row.
    for (let i = 0; i < therapists.length; i += 5) await Promise.all(therapists.slice(i, i + 5).map(bookFor));

    // After the last session: the completion job completes them all, and each client writes their review.
    clock.set(new Date(Math.max(latestEnd + 2 * HOUR, Date.now() - 2 * DAY)));
    await work!.completeBookings();
    // Access tokens last 15 minutes on the clock that has just moved: each client signs in again.
    await Promise.all([...tokens.keys()].map(async (i) => tokens.set(i, await signIn(reviewers[i]!.email))));
    const review = async (b: (typeof booked)[number]) => {
      const token = tokens.get(b.reviewer)!;
      const booking = await call('GET', `/booking/${b.bookingId}`, token);
      const participant = booking.data.participantIdentifier as string | null;
      if (!participant || booking.data.status !== 'completed') return;
      const [rating, comment] = DEMO_REVIEW_TEXTS[b.review]!;
      await call('POST', `/review/${participant}`, token, { rating, comment, isAnonymous: false });
    };
    for (let i = 0; i < booked.length; i += 10) await Promise.all(booked.slice(i, i + 10).map(review));
  } catch (err) {
    // The demo must start even if this part fails: it says why and goes on.
    log.warn({ err }, 'the demo reviews were not made');
  } finally {
    await app?.close();
  }
}
