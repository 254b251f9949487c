import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder (issue 17): being built. */
export function NoteDeleteModal(_props: ModalComponentProps<'note-delete'>) {
  return null;
}
