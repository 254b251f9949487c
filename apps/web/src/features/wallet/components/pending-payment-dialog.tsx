import { PENDING_ANIMATION_MS, PENDING_HINT_AFTER_MS } from '@therapy/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { FrameDots, PendingIllustration, pendingIllustrations } from './pending-illustrations';

interface PendingPaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the refresh link goes: this page again, so polling starts over. */
  refreshHref: string;
}

/**
 * Spec §2 "Pending payment pop-up": cycles four illustrations every 350 ms; after 15 s it adds "This is taking longer
 * than expected." with a refresh link. The status polling lives with the page, which closes this when it is done.
 */
export function PendingPaymentDialog({ open, onOpenChange, refreshHref }: PendingPaymentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && <PendingPaymentContent refreshHref={refreshHref} />}
    </Dialog>
  );
}

export function PendingPaymentContent({ refreshHref }: { refreshHref: string }) {
  const { t } = useTranslation('wallet');
  const [frame, setFrame] = useState(0);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const cycle = window.setInterval(
      () => setFrame((f) => (f + 1) % pendingIllustrations.length),
      PENDING_ANIMATION_MS,
    );
    const hint = window.setTimeout(() => setSlow(true), PENDING_HINT_AFTER_MS);
    return () => {
      window.clearInterval(cycle);
      window.clearTimeout(hint);
    };
  }, []);

  return (
    <div className="flex flex-col items-center text-center">
      <DialogTitle className="pr-0! px-8">{t('pending.title')}</DialogTitle>
      <DialogDescription>{t('pending.description')}</DialogDescription>
      <div className="mt-6">
        <PendingIllustration frame={frame} />
        <FrameDots frame={frame} />
      </div>
      <div role="status" className="mt-6 flex min-h-12 flex-col items-center gap-2 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <Spinner size="sm" className="text-brand-700" />
          {t('pending.waiting')}
        </span>
        {slow && (
          <p className="font-medium text-slate-900">
            {t('pending.slow')}{' '}
            <a href={refreshHref} className="text-brand-700 underline underline-offset-2">
              {t('pending.refresh')}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
