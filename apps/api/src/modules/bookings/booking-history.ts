import type { BookingActor, BookingHistoryEntry, BookingRole, BookingStatus } from '@therapy/contracts/bookings';

/** A status line as the service opened it (its note in clear for the parties). */
export interface StatusLine {
  status: BookingStatus;
  previousStatus: BookingStatus | null;
  actor: BookingActor;
  note: string | null;
  at: Date;
}

/** A reschedule as the service opened it. */
export interface MoveLine {
  status: 'applied' | 'pending' | 'accepted' | 'rejected' | 'withdrawn';
  requestedBy: BookingRole;
  fromStartsAt: Date | null;
  fromEndsAt: Date | null;
  toStartsAt: Date;
  toEndsAt: Date;
  note: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: BookingActor | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const otherSide = (role: BookingRole): BookingRole => (role === 'client' ? 'provider' : 'client');

/**
 * A booking's whole history (issue 48), oldest first: its status lines (a cancellation with what it refunded) and,
 * for every reschedule, the move that applied at once, or the request and how it ended (accepted, declined, withdrawn,
 * or closed when the booking was cancelled or completed first). Lines of one instant keep a fixed order: a request
 * before its answer, a status line (a cancellation) before the request it closed.
 */
export function bookingHistory(
  statuses: StatusLine[],
  moves: MoveLine[],
  refundAmount: number | null,
): BookingHistoryEntry[] {
  const lines: Array<{ at: number; order: number; entry: BookingHistoryEntry }> = [];
  statuses.forEach((s, i) =>
    lines.push({
      at: s.at.getTime(),
      order: i * 2,
      entry: {
        kind: 'status',
        status: s.status,
        previousStatus: s.previousStatus,
        actor: s.actor,
        note: s.note,
        at: s.at.toISOString(),
        refundAmount: s.status === 'cancelled' ? (refundAmount ?? 0) : null,
      },
    }),
  );
  moves.forEach((m, i) => {
    const times = {
      requestedBy: m.requestedBy,
      fromStartTime: iso(m.fromStartsAt),
      fromEndTime: iso(m.fromEndsAt),
      toStartTime: m.toStartsAt.toISOString(),
      toEndTime: m.toEndsAt.toISOString(),
    };
    const base = 1_000_000 + i * 2;
    if (m.status === 'applied') {
      lines.push({
        at: m.createdAt.getTime(),
        order: base,
        entry: {
          kind: 'move',
          action: 'moved',
          actor: m.requestedBy,
          ...times,
          note: m.note,
          at: m.createdAt.toISOString(),
        },
      });
      return;
    }
    lines.push({
      at: m.createdAt.getTime(),
      order: base,
      entry: {
        kind: 'move',
        action: 'requested',
        actor: m.requestedBy,
        ...times,
        note: m.note,
        at: m.createdAt.toISOString(),
      },
    });
    if (m.status === 'pending' || !m.decidedAt) return;
    // Before decision 0060 nobody was recorded: an answer was the other party's.
    const by: BookingActor = m.decidedBy ?? otherSide(m.requestedBy);
    const action =
      m.status === 'accepted'
        ? 'accepted'
        : m.status === 'withdrawn'
          ? 'withdrawn'
          : by === 'system'
            ? 'closed'
            : 'declined';
    lines.push({
      at: m.decidedAt.getTime(),
      // A closing follows the cancellation (or completion) that closed it.
      order: action === 'closed' ? 2_000_000 + i : base + 1,
      entry: { kind: 'move', action, actor: by, ...times, note: null, at: m.decidedAt.toISOString() },
    });
  });
  return lines.sort((a, b) => a.at - b.at || a.order - b.order).map((l) => l.entry);
}
