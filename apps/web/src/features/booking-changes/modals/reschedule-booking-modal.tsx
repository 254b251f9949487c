import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder until issue 15's web work lands (the seam for parallel work); replaced by the real modal. */
export function RescheduleBookingModal(_props: ModalComponentProps<'reschedule-booking'>) {
  return null;
}
