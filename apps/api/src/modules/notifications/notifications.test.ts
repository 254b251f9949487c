import crypto from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { DECLINE_REASON_MAX } from '@therapy/contracts/constants';
import { de, en } from '@therapy/contracts/messages';
import { referenceNamesDe } from '@therapy/contracts/reference-names-de';
import { bookingWorld, insertBooking, moveClock, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { connectSocket, tokenOf } from '../../../test/live-socket.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';

/** German mails name the therapy in German (issue 49): the contracts' German name of the booking's category. */
const germanTherapy = (booking: { therapyCategory: { code: string } }): string =>
  referenceNamesDe['therapy-category']![booking.therapyCategory.code]!;

/**
 * Issue 47: every booking change the other side must act on or know reaches them by mail (real SMTP, read back with
 * a real MIME parser) and in the notification centre, once; the provider declines a request with a reason and other
 * free times; an unpaid booking's hold is reminded of once; the bell hears of it live.
 */
let t: TestApp;
let w: World;
let currency: string;
const sockets: WebSocket[] = [];
const FEE = 25_000;
const HOUR = 3_600_000;
// A Monday; the provider's plan is weekdays 09:00-18:00 London time, 60-minute sessions, no notice.
const NOW = '2027-03-01T07:00:00.000Z';
const at = (day: number, hour: number) => new Date(Date.UTC(2027, 2, day, hour)).toISOString();

const online = async () =>
  (
    await t.db.$client.query<{ id: string }>(
      `SELECT identifier AS id FROM reference_items WHERE list = 'modality' AND code = 'online'`,
    )
  ).rows[0]!.id;

/**
 * The mails to `who` with this subject, each read by a real MIME parser (mailparser) from what came over SMTP (the
 * harness's own reader folds long encoded subjects badly); waits up to `timeoutMs` for the first.
 */
async function parsedTo(who: SignedUp, subject: string) {
  const mine = t.mail.mails.filter((m) => m.to.includes(who.email.toLowerCase()));
  const parsed = await Promise.all(mine.map((m) => simpleParser(m.raw)));
  return parsed.filter((p) => p.subject === subject);
}
async function mailTo(who: SignedUp, subject: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await parsedTo(who, subject);
    if (found.length > 0) return { subject, text: found.at(-1)!.text ?? '', count: found.length };
    if (Date.now() > deadline) {
      const all = await Promise.all(
        t.mail.mails.filter((m) => m.to.includes(who.email.toLowerCase())).map((m) => simpleParser(m.raw)),
      );
      throw new Error(`no mail "${subject}" to ${who.email}; got ${JSON.stringify(all.map((p) => p.subject))}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
const mailsTo = async (who: SignedUp, subject: string) => (await parsedTo(who, subject)).length;

const notificationsOf = async (who: SignedUp) => {
  const res = await t.api('GET', '/notifications', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<Record<string, unknown>>;
};
const ofBooking = async (who: SignedUp, bookingId: string) =>
  (await notificationsOf(who)).filter((n) => n.bookingIdentifier === bookingId);
const unread = async (who: SignedUp) =>
  (await t.api('GET', '/notifications/unread-count', who)).json().data.unread as number;

async function fund(who: SignedUp, amount: number) {
  await createWalletModule({ db: t.db, clock: t.clock }).creditTopup({
    userId: who.userId,
    amount,
    currencyCode: currency,
    reference: `test-topup-${crypto.randomUUID()}`,
    description: 'Test top-up',
  });
}
const pay = (who: SignedUp, id: string) =>
  t.request({
    method: 'POST',
    url: `/api/v1/booking/${id}/pay`,
    headers: { ...who.auth, 'idempotency-key': crypto.randomUUID() },
  });

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await t.db.$client.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [w.provider.userId],
  );
  const fee = await t.api('POST', '/provider/booking-fee/general', w.provider, { fee: FEE, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
  currency = fee.json().data.currencyCode as string;
  // The client booked before (a provider makes appointments only for their clients), and reads German.
  await insertBooking(w, { status: 'completed', start: '2027-02-01T10:00:00Z' });
  await t.db.$client.query(`UPDATE users SET locale = 'de', timezone = 'Europe/Berlin' WHERE identifier = $1`, [
    w.client.userId,
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await t?.close();
});

describe("a provider's appointment", () => {
  it('with a time: the client gets a German mail "pay by …" and a notification with the hold end, once; the provider none', async () => {
    const made = await t.api('POST', '/appointment', w.provider, {
      clientIdentifier: w.client.userId,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      timeslotIdentifier: await slotAt(t, w.provider.userId, at(3, 10)),
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().data;
    const mail = await mailTo(w.client, `Bitte bezahle deinen Termin: ${germanTherapy(booking)}`);
    expect(mail.text).toContain('hat einen Termin');
    // The hold ends 24 h from now, shown in the client's zone (Berlin, UTC+1 in March).
    expect(mail.text).toContain('Bitte bezahle bis Di., 2. März 2027, 08:00 MEZ');
    expect(mail.text).toContain(`/appointments/${booking.identifier}`);
    const [n, ...more] = await ofBooking(w.client, booking.identifier);
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      kind: 'appointment-created',
      by: 'provider',
      startTime: at(3, 10),
      dueAt: booking.holdExpiresAt,
      readAt: null,
    });
    expect(n!.otherName).toBeTruthy();
    expect(await ofBooking(w.provider, booking.identifier)).toEqual([]);
    await t.mailSettled();
    expect(mail.count).toBe(1);
    expect(await mailsTo(w.client, mail.subject)).toBe(1);
  });

  it('without a time: "please pick a time"', async () => {
    const made = await t.api('POST', '/appointment', w.provider, {
      clientIdentifier: w.client.userId,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
    });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json().data;
    const mail = await mailTo(w.client, `Bitte wähle eine Zeit: ${germanTherapy(booking)}`);
    expect(mail.text).toContain('Bitte wähle eine Zeit dafür');
    expect(await ofBooking(w.client, booking.identifier)).toEqual([
      expect.objectContaining({ kind: 'appointment-created', startTime: null, dueAt: null }),
    ]);
  });
});

describe('a request: asked, accepted, paid', () => {
  it('tells the provider of the request, the client of the acceptance (pay by …), the provider of the payment', async () => {
    const client = await t.signUp('client');
    const { bookingId, participantId } = await insertBooking(w, {
      status: 'requested',
      start: at(4, 10),
      client,
      currency,
    });
    // The inserted request published nothing: the provider is told by the API's own request path elsewhere; here the
    // acceptance and payment go through the API.
    const accepted = await t.api('POST', `/appointment/participant/${participantId}/acknowledge`, w.provider);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const therapy = accepted.json().data.therapyCategory.name as string;
    const mail = await mailTo(client, `Booking accepted, please pay: ${therapy}`);
    expect(mail.text).toContain('accepted your');
    expect(mail.text).toMatch(/Please pay by Tue, Mar 2, 2027, 7:00 AM UTC/);
    expect(await ofBooking(client, bookingId)).toEqual([
      expect.objectContaining({ kind: 'booking-accepted', dueAt: accepted.json().data.holdExpiresAt }),
    ]);
    await fund(client, FEE);
    const paid = await pay(client, bookingId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ofBooking(w.provider, bookingId)).toEqual([
      expect.objectContaining({ kind: 'booking-confirmed', by: 'client' }),
    ]);
    // The client made the payment: no notification of it for them (the confirmation mail goes to both as before).
    expect((await ofBooking(client, bookingId)).map((n) => n.kind)).toEqual(['booking-accepted']);
  });

  it('two acceptances at once: one answers, one notification and one mail', async () => {
    const client = await t.signUp('client');
    const { bookingId, participantId } = await insertBooking(w, {
      status: 'requested',
      start: at(4, 13),
      client,
      currency,
    });
    const answers = await Promise.all(
      [1, 2].map(() => t.api('POST', `/appointment/participant/${participantId}/acknowledge`, w.provider)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const therapy = answers.find((r) => r.statusCode === 200)!.json().data.therapyCategory.name as string;
    await mailTo(client, `Booking accepted, please pay: ${therapy}`);
    await t.mailSettled();
    expect(await mailsTo(client, `Booking accepted, please pay: ${therapy}`)).toBe(1);
    expect(await ofBooking(client, bookingId)).toHaveLength(1);
  });

  it('a request made through the API tells the provider by mail and notification', async () => {
    expect((await t.api('PUT', '/appointment/settings', w.provider, { requiresApproval: true })).statusCode).toBe(200);
    try {
      const client = await t.signUp('client');
      const res = await t.api('POST', '/booking', client, {
        modalityIdentifier: await online(),
        therapyIdentifier: w.categoryId,
        timeslotIdentifier: await slotAt(t, w.provider.userId, at(4, 15)),
      });
      expect(res.json().data.status).toBe('requested');
      const id = res.json().data.identifier as string;
      expect(await ofBooking(w.provider, id)).toEqual([
        expect.objectContaining({ kind: 'booking-requested', by: 'client' }),
      ]);
      await mailTo(w.provider, `New booking request: ${res.json().data.therapyCategory.name as string}`);
      expect(await ofBooking(client, id)).toEqual([]);
    } finally {
      await t.api('PUT', '/appointment/settings', w.provider, { requiresApproval: false });
    }
  });
});

describe('decline with a reason and suggested times', () => {
  const decline = (participantId: string, body: unknown) =>
    t.api('POST', `/appointment/participant/${participantId}/reject-booking`, w.provider, body);

  it('the client reads the reason and books a suggested time from the link; the reason is sealed at rest', async () => {
    const client = await t.signUp('client');
    const { bookingId, participantId } = await insertBooking(w, { status: 'requested', start: at(5, 10), client });
    const suggested = await slotAt(t, w.provider.userId, at(5, 14));
    const res = await decline(participantId, {
      reason: 'I am away that morning',
      suggestedTimeslots: [suggested],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'rejected',
      decline: {
        reason: 'I am away that morning',
        suggestedTimes: [{ timeslotIdentifier: suggested, startTime: at(5, 14), endTime: at(5, 15) }],
      },
    });
    const therapy = res.json().data.therapyCategory.name as string;
    const mail = await mailTo(client, `Booking declined: ${therapy}`);
    expect(mail.text).toContain('Reason: I am away that morning');
    expect(mail.text).toContain('Fri, Mar 5, 2027, 2:00 PM–3:00 PM UTC');
    expect(mail.text).toContain(
      `${t.config.appOrigin}/therapists/${w.provider.userId}?slot=${encodeURIComponent(suggested)}`,
    );
    expect(await ofBooking(client, bookingId)).toEqual([
      expect.objectContaining({ kind: 'booking-declined', by: 'provider' }),
    ]);
    const stored = await t.db.$client.query<{ sealed: string }>(
      'SELECT decline_reason_sealed AS sealed FROM bookings WHERE identifier = $1',
      [bookingId],
    );
    expect(stored.rows[0]!.sealed).not.toContain('away');
    // The client sees it on the booking too, and books the suggested time with its identifier.
    const details = await t.api('GET', `/booking/${bookingId}/details`, client);
    expect(details.json().data.decline.reason).toBe('I am away that morning');
    const booked = await t.api('POST', '/booking', client, {
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      timeslotIdentifier: suggested,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.startTime).toBe(at(5, 14));
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const client = await t.signUp('client');
    const { bookingId, participantId } = await insertBooking(w, { status: 'requested', start: at(8, 10), client });
    const other = await bookingWorld(t);
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, en.declineReasonRequired],
      [{ reason: '   ' }, 400, en.declineReasonRequired],
      [{ reason: 'x'.repeat(DECLINE_REASON_MAX + 1) }, 400, en.declineReasonMax],
      [
        {
          reason: 'Busy',
          suggestedTimeslots: await Promise.all(
            [11, 12, 13, 14].map(async (h) => slotAt(t, w.provider.userId, at(8, h))),
          ),
        },
        400,
        en.declineSuggestionsMax,
      ],
      [
        { reason: 'Busy', suggestedTimeslots: [await slotAt(t, other.provider.userId, at(8, 11))] },
        400,
        en.timeslotOtherProvider,
      ],
      [{ reason: 'Busy', suggestedTimeslots: ['forged'] }, 400, en.timeslotInvalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await decline(participantId, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    // A suggested time that was taken meanwhile: 409.
    const taken = await slotAt(t, w.provider.userId, at(8, 12));
    await insertBooking(w, { status: 'confirmed', start: at(8, 12), client: await t.signUp('client') });
    const res = await decline(participantId, { reason: 'Busy', suggestedTimeslots: [taken] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(en.declineSuggestionTaken);
    // In German too.
    const german = await t.request({
      method: 'POST',
      url: `/api/v1/appointment/participant/${participantId}/reject-booking`,
      headers: { ...w.provider.auth, 'accept-language': 'de' },
      payload: {},
    });
    expect(JSON.stringify(german.json())).toContain(de.declineReasonRequired);
    const row = await t.db.$client.query('SELECT status FROM bookings WHERE identifier = $1', [bookingId]);
    expect(row.rows[0].status).toBe('requested');
    expect(await ofBooking(client, bookingId)).toEqual([]);
  });
});

describe('cancel and reschedule tell the other side', () => {
  it("a client's cancel of a paid booking tells the provider; the client's mail names the refund", async () => {
    const client = await t.signUp('client');
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: at(10, 10), client, currency });
    const res = await t.api('POST', `/booking/${bookingId}/cancel`, client, { note: 'I am ill' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ofBooking(w.provider, bookingId)).toEqual([
      expect.objectContaining({ kind: 'booking-cancelled', by: 'client' }),
    ]);
    expect(await ofBooking(client, bookingId)).toEqual([]);
    const therapy = res.json().data.therapyCategory.name as string;
    const mail = await mailTo(client, `Session cancelled: ${therapy}`);
    expect(mail.text).toMatch(/Refund to the wallet: .*250\.00/);
  });

  it("a provider's reschedule tells the client", async () => {
    const client = await t.signUp('client');
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: at(11, 10), client, currency });
    const res = await t.api('POST', `/appointment/${bookingId}/reschedule`, w.provider, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, at(11, 14)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ofBooking(client, bookingId)).toEqual([
      expect.objectContaining({ kind: 'booking-rescheduled', by: 'provider', startTime: at(11, 14) }),
    ]);
    expect(await ofBooking(w.provider, bookingId)).toEqual([]);
  });
});

describe('the expiring hold', () => {
  it('reminds the client once, 3 hours before the hold ends, by mail and notification', async () => {
    const made = await t.api('POST', '/appointment', w.provider, {
      clientIdentifier: w.client.userId,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      timeslotIdentifier: await slotAt(t, w.provider.userId, at(12, 10)),
    });
    const booking = made.json().data;
    const jobs = async () =>
      (
        await t.db.$client.query<{ id: string; start: Date; state: string }>(
          `SELECT id, start_after AS start, state FROM pgboss.job WHERE name = 'booking.hold-reminder' AND data->>'bookingId' = $1`,
          [booking.identifier],
        )
      ).rows;
    const [job] = await jobs();
    expect(job!.start.toISOString()).toBe(new Date(Date.parse(booking.holdExpiresAt) - 3 * HOUR).toISOString());
    // Its time comes (the job table's clock is the database's: the job is made due now; the app's clock moves).
    await moveClock(w, new Date(Date.parse(booking.holdExpiresAt) - 3 * HOUR).toISOString());
    await t.db.$client.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1`, [job!.id]);
    const subject = `Zahlung bald fällig: ${germanTherapy(booking)}`;
    const mail = await mailTo(w.client, subject, 20_000);
    expect(mail.text).toContain('ist noch nicht bezahlt');
    await expect
      .poll(async () => (await ofBooking(w.client, booking.identifier)).map((n) => n.kind), { timeout: 15_000 })
      .toEqual(['hold-expiring', 'appointment-created']);
    // The job runs again (a retry): nothing more.
    await t.db.$client.query(
      `UPDATE pgboss.job SET state = 'created', start_after = now(), completed_on = NULL WHERE id = $1`,
      [job!.id],
    );
    await expect.poll(async () => (await jobs())[0]!.state, { timeout: 20_000 }).toBe('completed');
    await t.mailSettled();
    expect(await mailsTo(w.client, subject)).toBe(1);
    expect((await ofBooking(w.client, booking.identifier)).length).toBe(2);
  }, 40_000);
});

describe('the notification centre', () => {
  it("counts, pages, marks one and all read; another user's notification is not found", async () => {
    const before = await unread(w.client);
    expect(before).toBeGreaterThan(1);
    const page = await t.api('GET', '/notifications?page=1&pageSize=1', w.client);
    expect(page.json().meta).toMatchObject({ page: 1, pageSize: 1, total: before });
    const [first] = page.json().data as Array<{ identifier: string }>;
    const stranger = await t.signUp('client');
    for (const who of [stranger, w.provider]) {
      const res = await t.api('POST', `/notifications/${first!.identifier}/read`, who);
      expect(res.statusCode).toBe(404);
    }
    expect(await unread(w.client)).toBe(before);
    const read = await t.api('POST', `/notifications/${first!.identifier}/read`, w.client);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.readAt).toBeTruthy();
    expect(await unread(w.client)).toBe(before - 1);
    const onlyUnread = await t.api('GET', '/notifications?unread=true', w.client);
    expect(onlyUnread.json().data.map((n: { identifier: string }) => n.identifier)).not.toContain(first!.identifier);
    const all = await t.api('POST', '/notifications/read-all', w.client);
    expect(all.statusCode, all.body).toBe(200);
    expect(await unread(w.client)).toBe(0);
    expect((await t.api('GET', '/notifications?pageSize=500', w.client)).statusCode).toBe(400);
  });

  it('the bell hears of a new notification live over the socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connectSocket(address, tokenOf(w.client), sockets);
    const made = await t.api('POST', '/appointment', w.provider, {
      clientIdentifier: w.client.userId,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await socket.next((m) => m.type === 'notifications.changed')).toEqual({ type: 'notifications.changed' });
    expect(await unread(w.client)).toBe(1);
  });
});
