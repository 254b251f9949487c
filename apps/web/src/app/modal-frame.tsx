import type { ComponentType } from 'react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { ModalEntry } from '@/lib/modal-store';

interface ModalFrameProps {
  entry: ModalEntry;
  Content: ComponentType<Record<string, unknown> & { onClose: () => void }>;
  onClose: () => void;
  /** Where focus returns when the modal closes (the store's opener). */
  opener?: HTMLElement | null;
}

/** Loaded lazily by the modal host: it is the only static importer of Radix Dialog. */
export function ModalFrame({ entry, Content, onClose, opener }: ModalFrameProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} size={entry.size} returnFocusTo={opener}>
      <Suspense
        fallback={
          <div className="flex flex-col items-center gap-4 py-8 text-brand-700">
            {/* Radix needs a title from the first frame; the real one replaces it when the content arrives. */}
            <DialogTitle className="sr-only">{t('ui.loading')}</DialogTitle>
            <Spinner size="lg" />
          </div>
        }
      >
        <Content {...(entry.props as Record<string, unknown>)} onClose={onClose} />
      </Suspense>
    </Dialog>
  );
}
