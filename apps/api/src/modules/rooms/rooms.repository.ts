import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roomSignals } from '../../db/schema/rooms.ts';

/** The video rooms' signals waiting for delivery (issue 19). */
export const roomsRepository = {
  async insert(
    tx: Executor,
    row: {
      identifier: string;
      bookingId: string;
      fromUserId: string;
      toUserId: string;
      payload: string;
      createdAt: Date;
    },
  ): Promise<void> {
    await tx.insert(roomSignals).values(row);
  },

  async find(ex: Executor, signalId: string) {
    const [row] = await ex.select().from(roomSignals).where(eq(roomSignals.identifier, signalId));
    return row;
  },

  /** Signals are for now: older ones are of no use to anybody. */
  async sweep(ex: Executor, before: Date): Promise<void> {
    await ex.delete(roomSignals).where(lt(roomSignals.createdAt, before));
  },
};
