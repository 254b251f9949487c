import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { createEventBus, type DomainEventMap, type EventBus } from './events.ts';
import { insertOutboxMail } from './mail/outbox.repository.ts';
import { createPgRealtime } from './realtime.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const errors: unknown[] = [];
const log = { error: (o: object) => void errors.push(o) };

/** An event bus of its own on the test database, as another API instance would have. */
function instance(): EventBus {
  const bus = createEventBus({ db: t.db, realtime: createPgRealtime(t.db), log });
  onTestFinished(() => bus.close());
  return bus;
}
const listening = (bus: EventBus) => expect.poll(() => bus.crossInstanceListening, { timeout: 5000 }).toBe(true);
const settled = (n: number): DomainEventMap['payment.settled'] => ({
  paymentId: `p${n}`,
  userId: 'u',
  amount: n,
  currencyCode: 'NGN',
  method: 'card',
});

describe('domain events', () => {
  it('are delivered after the transaction commits, in order, and not before', async () => {
    const bus = instance();
    const heard: string[] = [];
    bus.subscribe('payment.settled', (e) => void heard.push(e.paymentId));
    const result = await bus.transaction(async (tx) => {
      await bus.publish(tx, 'payment.settled', settled(1));
      await bus.publish(tx, 'payment.settled', settled(2));
      expect(heard).toEqual([]); // still inside the transaction
      return 'done';
    });
    expect(result).toBe('done');
    expect(heard).toEqual(['p1', 'p2']);
  });

  it('in-transaction subscribers write with the publishing transaction: committed with it, rolled back with it, and their failure fails it', async () => {
    const bus = instance();
    bus.subscribeInTransaction('payment.settled', async (e, tx) => {
      if (e.paymentId === 'p-fail') throw new Error('outbox write failed');
      await insertOutboxMail(tx, { to: 'probe@example.com', subject: e.paymentId, text: '' });
    });
    const rows = async () =>
      (
        await t.db.$client.query(
          "SELECT subject FROM mail_outbox WHERE recipient = 'probe@example.com' ORDER BY subject",
        )
      ).rows.map((r: { subject: string }) => r.subject);
    await bus.transaction((tx) => bus.publish(tx, 'payment.settled', settled(1)));
    await expect(
      bus.transaction(async (tx) => {
        await bus.publish(tx, 'payment.settled', settled(2));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const wrote: string[] = [];
    await expect(
      bus.transaction(async (tx) => {
        await insertOutboxMail(tx, { to: 'probe@example.com', subject: 'p-change', text: '' });
        wrote.push('change');
        await bus.publish(tx, 'payment.settled', { ...settled(3), paymentId: 'p-fail' });
      }),
    ).rejects.toThrow('outbox write failed');
    expect(wrote).toEqual(['change']);
    // Only the committed one; the change whose outbox write failed went with it.
    expect(await rows()).toEqual(['p1']);
  });

  it('are never delivered when the transaction rolls back, here or on another instance', async () => {
    const here = instance();
    const there = instance();
    await listening(there);
    const heardHere: string[] = [];
    const heardThere: string[] = [];
    here.subscribe('availability.changed', (e) => void heardHere.push(e.providerId), { everyInstance: true });
    there.subscribe('availability.changed', (e) => void heardThere.push(e.providerId), { everyInstance: true });
    await expect(
      here.transaction(async (tx) => {
        await here.publish(tx, 'availability.changed', { providerId: 'rolled-back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A committed event afterwards arrives; the rolled-back one before it never does.
    await here.transaction((tx) => here.publish(tx, 'availability.changed', { providerId: 'committed' }));
    await expect.poll(() => heardThere, { timeout: 5000 }).toEqual(['committed']);
    expect(heardHere).toEqual(['committed']);
  });

  it('reach every-instance subscribers of another instance through NOTIFY, once each, and local ones only here', async () => {
    const here = instance();
    const there = instance();
    await listening(here);
    await listening(there);
    const seen: string[] = [];
    here.subscribe('provider-profile.changed', (e) => void seen.push(`here:every:${e.providerId}`), {
      everyInstance: true,
    });
    here.subscribe('provider-profile.changed', (e) => void seen.push(`here:local:${e.providerId}`));
    there.subscribe('provider-profile.changed', (e) => void seen.push(`there:every:${e.providerId}`), {
      everyInstance: true,
    });
    there.subscribe('provider-profile.changed', (e) => void seen.push(`there:local:${e.providerId}`));

    await here.transaction((tx) => here.publish(tx, 'provider-profile.changed', { providerId: 'p-1' }));
    // This instance's subscribers have run when the transaction returns; the other's NOTIFY may already be in too.
    expect(seen.filter((s) => s.startsWith('here')).sort()).toEqual(['here:every:p-1', 'here:local:p-1']);
    await expect.poll(() => seen.filter((s) => s.startsWith('there')), { timeout: 5000 }).toEqual(['there:every:p-1']);
    // Its own NOTIFY comes back to the publishing instance too: it is not delivered a second time.
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.sort()).toEqual(['here:every:p-1', 'here:local:p-1', 'there:every:p-1']);
  });

  it('a failing subscriber is logged and neither undoes the write nor keeps the others from hearing', async () => {
    const bus = instance();
    const heard: string[] = [];
    bus.subscribe('payment.settled', () => {
      throw new Error('mail server down');
    });
    bus.subscribe('payment.settled', (e) => void heard.push(e.paymentId));
    errors.length = 0;
    const value = await bus.transaction(async (tx) => {
      await bus.publish(tx, 'payment.settled', settled(3));
      const { rows } = await t.db.$client.query('SELECT 1 AS one');
      return rows[0];
    });
    expect(value).toEqual({ one: 1 });
    expect(heard).toEqual(['p3']);
    expect(errors).toEqual([expect.objectContaining({ event: 'payment.settled' })]);
  });

  it('refuses a publish outside a transaction of the bus (it could not know when, or whether, it commits)', async () => {
    const bus = instance();
    await expect(bus.publish(t.db, 'availability.changed', { providerId: 'x' })).rejects.toThrow(
      /outside a transaction/,
    );
    await expect(
      t.db.transaction((tx) => bus.publish(tx, 'availability.changed', { providerId: 'x' })),
    ).rejects.toThrow(/outside a transaction/);
  });
});
