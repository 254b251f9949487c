import { ROOM_OPENS_MINUTES_BEFORE, roomSignalMessage, type Room, type RoomState } from '@therapy/contracts/rooms';
import type { AppDeps } from '../../deps.ts';
import {
  bookingOf,
  hasAccess,
  requireAccessTo,
  requireLiveAccount,
  requireRole,
  type Actor,
} from '../../platform/auth/access.ts';
import type { BookingFacts, BookingFactsSource } from '../../platform/booking-facts.ts';
import { newId } from '../../platform/ids.ts';
import type { UserModule } from '../user/user.module.ts';
import { roomsRepository as repo } from './rooms.repository.ts';

export interface RoomsPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  facts: BookingFactsSource;
}

const MINUTE = 60_000;
/** A signal older than this is of no use (a tab that reconnects says hello again). */
const SIGNAL_TTL_MS = 5 * MINUTE;

/**
 * The video room of an online booking (issue 19; decision 0032). Only the booking's two parties, only while it is
 * confirmed and from 10 minutes before its start to its end. The server relays signals (hello, bye, SDP, ICE) between
 * the two through `room_signals` and the `room.signal` event, so the parties may be connected to different instances;
 * media never passes through it.
 */
export function createRoomsService(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'events'>, ports: RoomsPorts) {
  const { db, clock, config, events } = deps;

  const stateOf = (facts: BookingFacts, now: Date): RoomState => {
    if (facts.modalityCode !== 'online') return 'notOnline';
    if (facts.status !== 'confirmed' || !facts.startsAt || !facts.endsAt)
      return facts.status === 'completed' ? 'ended' : 'notConfirmed';
    if (now.getTime() < facts.startsAt.getTime() - ROOM_OPENS_MINUTES_BEFORE * MINUTE) return 'early';
    if (now.getTime() >= facts.endsAt.getTime()) return 'ended';
    return 'open';
  };

  /** A room is its booking's two parties' (an operator has none: `act`). */
  const partyOf = (facts: BookingFacts) => bookingOf(facts);

  return {
    async room(actor: Actor, bookingId: string): Promise<Room> {
      const me = requireLiveAccount(
        actor,
        await ports.users.findActiveUser(requireRole(actor, 'client', 'provider').userId),
      );
      const facts = requireAccessTo(actor, 'act', await ports.facts(bookingId), partyOf);
      const client = facts.clientId === me.identifier;
      const state = stateOf(facts, clock.now());
      const starts = facts.startsAt ?? new Date(0);
      const ends = facts.endsAt ?? new Date(0);
      return {
        bookingIdentifier: facts.identifier,
        role: client ? 'client' : 'provider',
        otherParty: {
          identifier: client ? facts.providerId : facts.clientId,
          name: client ? facts.providerName : facts.clientName,
        },
        startsAt: starts.toISOString(),
        endsAt: ends.toISOString(),
        opensAt: new Date(starts.getTime() - ROOM_OPENS_MINUTES_BEFORE * MINUTE).toISOString(),
        state,
        canJoin: state === 'open',
        iceServers: config.iceServers,
      };
    },

    /**
     * A tab's `room.signal` (from the live socket): relayed to the other party when the sender is a party and the room
     * is open; otherwise the sender's socket hears `room.refused` and nothing is stored.
     */
    async signal(actor: Actor, message: Record<string, unknown>, reply: (answer: object) => void): Promise<void> {
      const { userId } = actor;
      const parsed = roomSignalMessage.safeParse(message);
      if (!parsed.success)
        return reply({
          type: 'room.refused',
          bookingId: typeof message.bookingId === 'string' ? message.bookingId : null,
          reason: 'invalid',
        });
      const { bookingId, signal } = parsed.data;
      const facts = await ports.facts(bookingId);
      if (!facts || !hasAccess(actor, 'act', partyOf(facts)))
        return reply({ type: 'room.refused', bookingId, reason: 'notFound' });
      const now = clock.now();
      if (stateOf(facts, now) !== 'open') return reply({ type: 'room.refused', bookingId, reason: 'closed' });
      const to = facts.clientId === userId ? facts.providerId : facts.clientId;
      const signalId = newId();
      await events.transaction(async (tx) => {
        await repo.insert(tx, {
          identifier: signalId,
          bookingId,
          fromUserId: userId,
          toUserId: to,
          payload: JSON.stringify(signal),
          createdAt: now,
        });
        await events.publish(tx, 'room.signal', { signalId, to });
      });
      // Old signals go now and then (one in twenty), not on every candidate.
      if (Math.random() < 0.05) await repo.sweep(db, new Date(now.getTime() - SIGNAL_TTL_MS));
    },

    /** The socket message for a stored signal (on every instance, for the recipient's sockets it holds). */
    async delivery(signalId: string) {
      const row = await repo.find(db, signalId);
      if (!row) return undefined;
      return {
        to: row.toUserId,
        message: {
          type: 'room.signal',
          bookingId: row.bookingId,
          from: row.fromUserId,
          signal: JSON.parse(row.payload) as unknown,
        },
      };
    },
  };
}
export type RoomsService = ReturnType<typeof createRoomsService>;
