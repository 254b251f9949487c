import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder (issue 17): being built. */
export function ImportClientsModal(_props: ModalComponentProps<'import-clients'>) {
  return null;
}
