import { localKeys, readLocal, removeLocal, writeLocal } from './storage';

/**
 * Issue 48 "Nothing lost on the way in": a visitor who pressed Continue on a time is sent to sign in (and maybe to
 * sign up and verify their address). This browser remembers that they meant to book it, so when they come back to the
 * same time signed in, the hold is made as Continue would have made it. Only here: a link with the same time, sent
 * by someone else or opened elsewhere, selects the time but books nothing. It lapses after two hours, and sign-out
 * clears it with the rest of localStorage.
 */
const LIFETIME_MS = 2 * 60 * 60_000;

interface BookingIntent {
  providerId: string;
  slot: string;
  at: number;
}

export function saveBookingIntent(providerId: string, slot: string, now = Date.now()): void {
  writeLocal(localKeys.bookingIntent, JSON.stringify({ providerId, slot, at: now } satisfies BookingIntent));
}

/** Whether this browser meant to book this time (and forgets it: a hold is made once). */
export function takeBookingIntent(providerId: string, slot: string, now = Date.now()): boolean {
  const raw = readLocal(localKeys.bookingIntent);
  if (!raw) return false;
  let intent: Partial<BookingIntent> | null;
  try {
    intent = JSON.parse(raw) as Partial<BookingIntent>;
  } catch {
    intent = null;
  }
  const matches =
    intent?.providerId === providerId &&
    intent.slot === slot &&
    typeof intent.at === 'number' &&
    now - intent.at >= 0 &&
    now - intent.at <= LIFETIME_MS;
  if (matches || !intent || typeof intent.at !== 'number' || now - intent.at > LIFETIME_MS)
    removeLocal(localKeys.bookingIntent);
  return matches;
}

/** The therapist's page with the chosen time, therapy and session type: where sign-in, sign-up and verification lead back to. */
export function bookingReturnPath(
  providerId: string,
  choice: { slot: string; therapy?: string | undefined; modality?: string | undefined },
): string {
  const params = new URLSearchParams({ slot: choice.slot });
  if (choice.therapy) params.set('therapy', choice.therapy);
  if (choice.modality) params.set('modality', choice.modality);
  return `/therapists/${providerId}?${params.toString()}`;
}
