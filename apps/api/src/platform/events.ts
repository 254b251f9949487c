import crypto from 'node:crypto';
import type { Database, Executor, Transaction } from '../db/client.ts';
import type { RealtimePort, RealtimeSubscription } from './realtime.ts';

/**
 * Domain events (issue 12). A module publishes inside its transaction; the event is queued on that transaction and
 * handed to subscribers only after it commits, never when it rolls back:
 * - `subscribe(name, handler)`: runs on this instance, after commit (mail, audit, live pushes to sockets held here);
 * - `subscribe(name, handler, { everyInstance: true })`: runs on every instance: here after commit, on the others
 *   when the realtime port (PostgreSQL NOTIFY, sent in the same transaction) delivers it (per-instance caches).
 * - `subscribeInTransaction(name, handler)`: runs inside the publishing transaction, with it, before it commits: for
 *   what must commit with the change or not at all (decision 0020: a mail queued as a job, the outbox). Its failure
 *   fails the transaction.
 * Handlers are awaited before `transaction` returns, so a request answers after its local effects (a dropped cache);
 * an after-commit handler's failure is logged and never undoes or fails the committed write. After-commit delivery is
 * in memory: a process killed between the commit and the handler loses it, so anything that must happen (a mail) is
 * an in-transaction subscriber that queues a job.
 */

/** Every event, with what it carries: identifiers and small facts, never rows (a NOTIFY carries at most 8000 bytes). */
export interface DomainEventMap {
  /** A provider's plan or settings changed: cached slots of that provider are stale. */
  'availability.changed': { providerId: string };
  /** A provider's practice profile changed (e.g. their therapies, which are the calendar's categories). */
  'provider-profile.changed': { providerId: string };
  /** A provider's practice details changed (licence states, the general fee): the directory rebuilds its entry. */
  'practice.changed': { providerId: string };
  /**
   * An operator decided on a practice or on the changes of a verified one (issue 45): published inside the decision's
   * transaction, where the credentials and practice-details modules settle what was pending (their documents and
   * claimed states) the same way. `at` is the decision's time (ISO).
   */
  'practice.reviewed': {
    providerId: string;
    outcome: 'approved' | 'rejected';
    /** `practice`: the first review (an approval takes everything on file); `changes`: what was pending since. */
    scope: 'practice' | 'changes';
    at: string;
  };
  /** A provider's reviews changed (one written or edited): the directory rebuilds the provider's rating. */
  'review.changed': { providerId: string };
  /** A top-up was credited to a wallet. */
  'payment.settled': {
    paymentId: string;
    userId: string;
    amount: number;
    currencyCode: string;
    method: 'card' | 'bank_transfer';
  };
  /** A provider's verification changed (submitted, approved, rejected): whether they offer slots may have changed. */
  'verification.changed': { providerId: string };
  /**
   * A booking changed (bookings module, issue 15): made, paid, scheduled, rescheduled (or asked to be), cancelled,
   * acknowledged, rejected, expired, completed. Times are the booking's after the change (null: no time yet);
   * `previousStartTime` is set when the time moved. Slots of the provider may have changed; mails follow from it.
   */
  'booking.changed': {
    bookingId: string;
    clientId: string;
    providerId: string;
    change: BookingChange;
    status: string;
    previousStatus: string | null;
    startTime: string | null;
    endTime: string | null;
    previousStartTime?: string | null;
    /** Who made the booking (issue 47: a provider's appointment tells the client; a client's own booking does not). */
    createdBy?: 'client' | 'provider';
    /** An unpaid booking's hold after the change (ISO; issue 47: "pay by …", the reminder before it ends). */
    holdExpiresAt?: string | null;
    /** Who made the change, where a party did (a cancel, a reschedule and its answer): the other party is told. */
    by?: 'client' | 'provider';
  };
  /**
   * An unpaid booking's hold ends in HOLD_REMINDER_HOURS (issue 47): published once per booking and hold by the
   * reminder job, in the transaction that queues the client's mail; the notification centre tells the client.
   */
  'booking.hold-expiring': {
    bookingId: string;
    clientId: string;
    providerId: string;
    startTime: string;
    holdExpiresAt: string;
  };
  /**
   * A chat message was sent, edited or deleted, or a conversation read (messages module, issue 18): the live delivery
   * tells both participants' open sockets, on every instance. Never the text: they fetch what they may read.
   */
  'message.changed': {
    conversationId: string;
    messageId: string;
    clientId: string;
    providerId: string;
    change: 'created' | 'updated' | 'deleted' | 'seen';
    by: string;
  };
  /**
   * A video room's signal (issue 19) waits in `room_signals` for its recipient: every instance reads it and hands it to
   * the recipient's sockets it holds. The signal itself (an SDP can pass NOTIFY's 8,000 bytes) stays in the table.
   */
  'room.signal': { signalId: string; to: string };
  /**
   * Sessions of a user ended (sign-out, a device signed out, a password change or reset, a replayed refresh token, idle
   * sign-out, account deletion; issue 45): every instance closes the live sockets of those sessions that it holds.
   * `sessionId` names the one that ended; null: every session of the user ended but `keepSessionId` (when not null).
   */
  'session.ended': { userId: string; sessionId: string | null; keepSessionId: string | null };
  /**
   * An account is being deleted (decision 0013, issue 44): published inside the deletion's transaction, where every
   * module that holds the person's rows erases them (`onAccountErasure`); one that must refuse (upcoming sessions)
   * throws, and nothing is deleted. `at` is the deletion's time (ISO).
   */
  'account.erasing': { userId: string; at: string };
  /**
   * A provider's practice record (decision 0053) becomes the account of the person who accepted the invitation:
   * published inside the acceptance's transaction, where every module whose rows name the record re-points them
   * (`onRecordMerge`).
   */
  'record.merging': { recordId: string; accountId: string };
  /**
   * A provider deletes a practice record: inside the deletion's transaction, a module holding health records of it
   * (appointments, notes, questionnaires) refuses by throwing (`onRecordDeletion`), and nothing is deleted.
   */
  'record.deleting': { recordId: string };
}
export type BookingChange =
  | 'created'
  | 'requested'
  | 'acknowledged'
  | 'rejected'
  | 'paid'
  | 'scheduled'
  | 'rescheduled'
  | 'reschedule-requested'
  | 'reschedule-accepted'
  | 'reschedule-rejected'
  /** Issue 48: the requester took back their pending reschedule request. */
  | 'reschedule-withdrawn'
  | 'cancelled'
  | 'expired'
  | 'completed';
export type EventName = keyof DomainEventMap;
export type EventHandler<N extends EventName> = (payload: DomainEventMap[N]) => void | Promise<void>;
export type TransactionalEventHandler<N extends EventName> = (
  payload: DomainEventMap[N],
  tx: Executor,
) => Promise<void>;

export interface EventBus {
  /** `db.transaction`, and after it commits the events published on it are delivered. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Queues the event on `tx` (a transaction opened by `transaction` above) and sends it to the other instances. */
  publish<N extends EventName>(tx: Executor, name: N, payload: DomainEventMap[N]): Promise<void>;
  subscribe<N extends EventName>(name: N, handler: EventHandler<N>, options?: { everyInstance?: boolean }): void;
  /** Runs `handler` inside the publishing transaction, with it; a failure rolls the transaction back. */
  subscribeInTransaction<N extends EventName>(name: N, handler: TransactionalEventHandler<N>): void;
  /** False while events from other instances may be missed; per-instance caches must not be trusted then. */
  readonly crossInstanceListening: boolean;
  /** Runs whenever events from other instances may have been missed (a cache then forgets everything). */
  onCrossInstanceReset(callback: () => void): void;
  close(): Promise<void>;
}

/** The realtime channel that carries every domain event between instances. */
export const DOMAIN_EVENTS_CHANNEL = 'domain_events';

interface Queued {
  name: EventName;
  payload: unknown;
}
interface Wire {
  /** The instance that published it (it delivered the event itself after commit). */
  o: string;
  n: EventName;
  p: unknown;
}
interface Subscriber {
  handler: (payload: unknown) => void | Promise<void>;
  everyInstance: boolean;
}

export function createEventBus(opts: {
  db: Database;
  realtime: RealtimePort;
  log: { error: (o: object, m: string) => void };
}): EventBus {
  const { db, realtime, log } = opts;
  const instanceId = crypto.randomUUID();
  const subscribers = new Map<EventName, Subscriber[]>();
  const inTransaction = new Map<EventName, Array<(payload: unknown, tx: Executor) => Promise<void>>>();
  const resets: Array<() => void> = [];
  /** The events published on each open transaction of this bus, delivered when it commits. */
  const queues = new WeakMap<object, Queued[]>();

  const run = async (name: EventName, payload: unknown, which: (s: Subscriber) => boolean) => {
    for (const subscriber of subscribers.get(name) ?? []) {
      if (!which(subscriber)) continue;
      try {
        await subscriber.handler(payload);
      } catch (err) {
        log.error({ err, event: name }, 'event subscriber failed');
      }
    }
  };

  const subscription: RealtimeSubscription = realtime.subscribe(
    DOMAIN_EVENTS_CHANNEL,
    (raw) => {
      let wire: Wire;
      try {
        wire = JSON.parse(raw) as Wire;
      } catch {
        return;
      }
      if (wire.o === instanceId) return; // delivered here after commit already
      void run(wire.n, wire.p, (s) => s.everyInstance);
    },
    () => {
      for (const reset of resets) reset();
    },
  );

  return {
    async transaction(work) {
      let queued: Queued[] = [];
      const result = await db.transaction(async (tx) => {
        queued = [];
        queues.set(tx, queued);
        try {
          return await work(tx);
        } finally {
          queues.delete(tx);
        }
      });
      // Committed: now, and only now, the subscribers hear of it.
      for (const event of queued) await run(event.name, event.payload, () => true);
      return result;
    },

    async publish(tx, name, payload) {
      const queue = queues.get(tx);
      if (!queue) throw new Error(`event ${name} published outside a transaction of the event bus`);
      queue.push({ name, payload });
      for (const handler of inTransaction.get(name) ?? []) await handler(payload, tx);
      const wire = JSON.stringify({ o: instanceId, n: name, p: payload } satisfies Wire);
      await realtime.publish(tx, DOMAIN_EVENTS_CHANNEL, wire);
    },

    subscribe(name, handler, options) {
      const list = subscribers.get(name) ?? [];
      list.push({ handler: handler as Subscriber['handler'], everyInstance: options?.everyInstance ?? false });
      subscribers.set(name, list);
    },

    subscribeInTransaction(name, handler) {
      inTransaction.set(name, [
        ...(inTransaction.get(name) ?? []),
        handler as (payload: unknown, tx: Executor) => Promise<void>,
      ]);
    },

    get crossInstanceListening() {
      return subscription.listening;
    },

    onCrossInstanceReset(callback) {
      resets.push(callback);
    },

    close: () => subscription.close(),
  };
}
