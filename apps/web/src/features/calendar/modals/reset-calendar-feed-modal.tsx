import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-error';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useResetCalendarFeed } from '../api/calendar-api';
import { useCalendarTranslation } from '../i18n';

/** "Reset the address?": the old address stops working at once; calendars must subscribe to the new one. */
export function ResetCalendarFeedModal({ onClose }: ModalComponentProps<'calendar-feed-reset'>) {
  const { t } = useCalendarTranslation();
  const reset = useResetCalendarFeed();
  const [serverError, setServerError] = useState<string | undefined>();

  const onReset = async () => {
    setServerError(undefined);
    try {
      const res = await reset.mutateAsync();
      notify.success(res.message ?? t('reset.done'));
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <div aria-busy={reset.isPending}>
      <DialogTitle>{t('reset.title')}</DialogTitle>
      <DialogDescription>{t('reset.lead')}</DialogDescription>
      {serverError && (
        <Alert tone="error" className="mt-4">
          {serverError}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={reset.isPending}>
          {t('reset.cancel')}
        </Button>
        <Button variant="danger" pending={reset.isPending} onClick={() => void onReset()}>
          {t('reset.submit')}
        </Button>
      </DialogActions>
    </div>
  );
}
