import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder (issue 17): being built. */
export function NoteAccessLogModal(_props: ModalComponentProps<'note-access-log'>) {
  return null;
}
