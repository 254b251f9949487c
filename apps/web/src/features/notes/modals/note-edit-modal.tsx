import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder (issue 17): being built. */
export function NoteEditModal(_props: ModalComponentProps<'note-edit'>) {
  return null;
}
