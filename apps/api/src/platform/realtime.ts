import type { Database, Executor } from '../db/client.ts';
import { listenTo, notify } from '../db/listener.ts';

/**
 * The `realtime` port of DESIGN.md §9: signals every API instance hears. Today PostgreSQL LISTEN/NOTIFY carries them
 * (a message sent in a transaction is delivered if and only if it commits); at a larger scale NATS or Redis pub/sub
 * can stand behind the same two calls.
 */
export interface RealtimeSubscription {
  /** False while messages may be missed (connection down): whatever was cached on their strength is not to be trusted. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface RealtimePort {
  /** Sends as part of the caller's transaction: delivered to every instance (this one included) after commit. */
  publish(tx: Executor, channel: string, payload: string): Promise<void>;
  /** `onReset` runs whenever the subscription may have missed messages (it reconnects by itself). */
  subscribe(channel: string, onMessage: (payload: string) => void, onReset: () => void): RealtimeSubscription;
}

export function createPgRealtime(db: Database): RealtimePort {
  return {
    publish: (tx, channel, payload) => notify(tx, channel, payload),
    subscribe: (channel, onMessage, onReset) => listenTo(db.$client, channel, onMessage, onReset),
  };
}
