import { AppError } from '../../platform/errors.ts';
import { refusedAs } from '../../platform/pg-errors.ts';

/**
 * A write of a booking's time, refused by the exclusion constraint `bookings_no_overlap` (another active booking of
 * the provider overlaps it: someone took that time meanwhile), answers 409 "timeslot taken".
 */
export const slotTakenUnless = <T>(write: PromiseLike<T>): Promise<T> =>
  refusedAs(write, 'exclusion', () => AppError.conflict('CONFLICT', 'timeslotTaken'), 'bookings_no_overlap');

/** Is it the refusal above (a weekly series names the occurrence that collided instead)? */
export const isSlotTaken = (err: unknown): boolean => err instanceof AppError && err.messageKey === 'timeslotTaken';
