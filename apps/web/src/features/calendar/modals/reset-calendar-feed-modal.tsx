import { useState } from 'react';
import { ConfirmBody } from '@/components/confirm-body';
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
    <ConfirmBody
      title={t('reset.title')}
      description={t('reset.lead')}
      error={serverError}
      pending={reset.isPending}
      cancelLabel={t('reset.cancel')}
      confirmLabel={t('reset.submit')}
      onCancel={onClose}
      onConfirm={() => void onReset()}
    />
  );
}
