import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder (issue 17): being built. */
export function NoteAddModal(_props: ModalComponentProps<'note-add'>) {
  return null;
}
