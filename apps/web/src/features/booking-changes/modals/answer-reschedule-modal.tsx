import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder until issue 15's web work lands (the seam for parallel work); replaced by the real modal. */
export function AnswerRescheduleModal(_props: ModalComponentProps<'answer-reschedule'>) {
  return null;
}
