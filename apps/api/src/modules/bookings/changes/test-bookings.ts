import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BookingStatus } from '@therapy/contracts/bookings';
import { CLIENT_RESCHEDULES, PROVIDER_RESCHEDULES } from '@therapy/contracts/constants';
import type { SignedUp, TestApp } from '../../../../test/harness.ts';
import { bookingParticipants, bookingStatusHistory, bookings, referenceItems } from '../../../db/schema/index.ts';
import { createWalletModule } from '../../wallet/wallet.module.ts';

/**
 * Test-only bookings for the booking-changes tests: rows inserted directly in each state (the bookings core creates
 * them through its own routes), with a verified provider (weekday plan 09:00-18:00 London time, 60-minute sessions, no
 * notice) and an NG client (NGN wallet). A confirmed booking is paid for real: a top-up credits the client's wallet
 * and wallet.debit moves the price to escrow, so a refund has money to return.
 */
export const PRICE = 25_000;
export const CURRENCY = 'NGN';
const MINUTE = 60_000;

export interface World {
  t: TestApp;
  provider: SignedUp;
  client: SignedUp;
  categoryId: string;
  modalityId: string;
  wallet: ReturnType<typeof createWalletModule>;
}

export async function bookingWorld(t: TestApp): Promise<World> {
  const provider = await t.signUp('provider', {}, { verified: true });
  const client = await t.signUp('client');
  const settings = await t.api('PUT', '/provider-availability/settings', provider, { timezone: 'Europe/London', sessionLengthMinutes: 60, bufferMinutes: 0, minimumNoticeHours: 0 });
  expect(settings.statusCode, settings.body).toBe(200);
  const item = async (list: 'therapy-category' | 'modality') =>
    (await t.db.select({ id: referenceItems.identifier }).from(referenceItems).where(eq(referenceItems.list, list)).limit(1))[0]!.id;
  return { t, provider, client, categoryId: await item('therapy-category'), modalityId: await item('modality'), wallet: createWalletModule({ db: t.db, clock: t.clock }) };
}

/** The signed identifier of the provider's slot starting at `start` (an ISO instant), from the public calendar. */
export async function slotAt(t: TestApp, providerId: string, start: string): Promise<string> {
  const res = await t.api('GET', `/providers-availability/${providerId}/timeslot/${start.slice(0, 10)}`, undefined);
  expect(res.statusCode, res.body).toBe(200);
  const slots = (res.json().data.items as Array<{ timeSlot: Array<{ identifier: string; startTime: string }> }>).flatMap((i) => i.timeSlot);
  const found = slots.find((s) => new Date(s.startTime).getTime() === new Date(start).getTime());
  if (!found) throw new Error(`no slot at ${start}: ${slots.map((s) => s.startTime).join(', ')}`);
  return found.identifier;
}

export interface BookingOptions {
  status: BookingStatus;
  /** ISO instant; the session lasts 60 minutes. */
  start: string;
  client?: SignedUp;
  price?: number;
  clientReschedulesLeft?: number;
  providerReschedulesLeft?: number;
}

/** Inserts a booking in `status` (with its participant and first history row); a confirmed one is paid through the wallet. */
export async function insertBooking(w: World, o: BookingOptions): Promise<{ bookingId: string; participantId: string }> {
  const { t } = w;
  const client = o.client ?? w.client;
  const now = t.clock.now();
  const startsAt = new Date(o.start);
  const price = o.price ?? PRICE;
  const bookingId = crypto.randomUUID();
  await t.db.insert(bookings).values({
    identifier: bookingId,
    clientId: client.userId,
    providerId: w.provider.userId,
    therapyCategoryId: w.categoryId,
    modalityId: w.modalityId,
    status: o.status,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 60 * MINUTE),
    priceAmount: price,
    currencyCode: CURRENCY,
    holdExpiresAt: o.status === 'pending' ? new Date(now.getTime() + 30 * MINUTE) : null,
    createdBy: 'client',
    clientReschedulesLeft: o.clientReschedulesLeft ?? CLIENT_RESCHEDULES,
    providerReschedulesLeft: o.providerReschedulesLeft ?? PROVIDER_RESCHEDULES,
    paidAt: o.status === 'confirmed' || o.status === 'completed' ? now : null,
    completedAt: o.status === 'completed' ? now : null,
    cancelledAt: o.status === 'cancelled' ? now : null,
    cancelledBy: o.status === 'cancelled' ? 'client' : null,
    cancelNote: o.status === 'cancelled' ? 'Earlier cancel' : null,
    refundAmount: o.status === 'cancelled' ? 0 : null,
  });
  const [participant] = await t.db
    .insert(bookingParticipants)
    .values({ bookingId, clientId: client.userId, status: o.status === 'requested' ? 'invited' : 'acknowledged' })
    .returning({ id: bookingParticipants.identifier });
  await t.db.insert(bookingStatusHistory).values({ bookingId, status: o.status, previousStatus: null, actor: 'client', actorId: client.userId, note: null, at: now });
  if ((o.status === 'confirmed' || o.status === 'completed') && price > 0) {
    await w.wallet.creditTopup({ userId: client.userId, amount: price, currencyCode: CURRENCY, reference: `test-topup-${bookingId}`, description: 'Test top-up' });
    await w.wallet.debit({ userId: client.userId, amount: price, currencyCode: CURRENCY, reference: bookingId, description: 'Test booking payment' });
  }
  return { bookingId, participantId: participant!.id };
}

/** The booking row as stored. */
export async function bookingRow(t: TestApp, bookingId: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.identifier, bookingId));
  return row!;
}

/** The booking's status history rows with this status. */
export async function historyOf(t: TestApp, bookingId: string, status: BookingStatus) {
  return t.db.select().from(bookingStatusHistory).where(and(eq(bookingStatusHistory.bookingId, bookingId), eq(bookingStatusHistory.status, status)));
}

let signIns = 0;
/** Access tokens last 15 minutes on the test clock: after moving it, the world's two users sign in again. */
export async function moveClock(w: World, instant: string): Promise<void> {
  w.t.clock.set(instant);
  for (const who of [w.client, w.provider]) {
    signIns += 1;
    const res = await w.t.request({ method: 'POST', url: '/api/v1/user/login', payload: { email: who.email, password: who.password }, remoteAddress: `10.250.${(signIns >> 8) & 255}.${signIns & 255}` });
    expect(res.statusCode, res.body).toBe(200);
    who.auth = { authorization: `Bearer ${res.json().data.accessToken as string}` };
  }
}
