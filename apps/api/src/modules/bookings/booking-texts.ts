import type { FieldEncryption } from '../../platform/field-encryption.ts';

/**
 * The health text of a booking (issue 45): the client's note to the therapist, a cancellation's note, a reschedule's
 * note and the status lines that repeat them. Sealed with AES-256-GCM (platform/field-encryption.ts) bound to their
 * row, so a value copied to another row or column does not open there. The data export opens them with the same
 * contexts (modules/data-export), as it does notes' and messages'.
 */
export const bookingTextContext = {
  note: (bookingId: string) => `booking:${bookingId}:note`,
  cancelNote: (bookingId: string) => `booking:${bookingId}:cancel-note`,
  rescheduleNote: (rescheduleId: string) => `booking-reschedule:${rescheduleId}:note`,
  historyNote: (lineId: string) => `booking-history:${lineId}:note`,
  declineReason: (bookingId: string) => `booking:${bookingId}:decline-reason`,
} as const;

export type BookingTextKind = keyof typeof bookingTextContext;

export interface BookingTexts {
  /** The text sealed for its row (null stays null). */
  seal(kind: BookingTextKind, rowId: string, text: string | null): string | null;
  /** The sealed text opened (null stays null); throws when it does not open with its row's context. */
  open(kind: BookingTextKind, rowId: string, sealed: string | null): string | null;
}

export function createBookingTexts(crypt: FieldEncryption): BookingTexts {
  return {
    seal: (kind, rowId, text) => (text === null ? null : crypt.seal(text, bookingTextContext[kind](rowId))),
    open: (kind, rowId, sealed) => (sealed === null ? null : crypt.open(sealed, bookingTextContext[kind](rowId))),
  };
}
