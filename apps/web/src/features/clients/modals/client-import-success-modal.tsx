import type { ModalComponentProps } from '@/lib/modal-store';

/** Placeholder (issue 17): being built. */
export function ClientImportSuccessModal(_props: ModalComponentProps<'client-import-success'>) {
  return null;
}
