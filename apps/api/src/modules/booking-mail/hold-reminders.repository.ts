import type { Executor } from '../../db/client.ts';
import { holdReminders } from '../../db/schema/booking-mail.ts';

export const holdRemindersRepository = {
  /** Claims the reminder of one booking's hold; false when it was sent already (a retried or doubled job). */
  async claim(tx: Executor, bookingId: string, holdExpiresAt: Date): Promise<boolean> {
    const rows = await tx
      .insert(holdReminders)
      .values({ bookingId, holdExpiresAt })
      .onConflictDoNothing()
      .returning({ bookingId: holdReminders.bookingId });
    return rows.length > 0;
  },
};
