import { useState } from 'react';
import { ConfirmBody } from '@/components/confirm-body';
import { errorMessage } from '@/lib/api-error';
import type { ModalComponentProps } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { useEndDevice, useEndOtherDevices } from '../api/devices-api';
import { useDevicesTranslation } from '../i18n';

/** "Sign out that device?" for one other device, or for all of them when no session is given. */
export function DeviceSignOutModal({ session, onClose }: ModalComponentProps<'device-sign-out'>) {
  const { t } = useDevicesTranslation();
  const endOne = useEndDevice();
  const endOthers = useEndOtherDevices();
  const [serverError, setServerError] = useState<string | undefined>();
  const pending = endOne.isPending || endOthers.isPending;

  const onConfirm = async () => {
    setServerError(undefined);
    try {
      const res = session ? await endOne.mutateAsync(session.identifier) : await endOthers.mutateAsync();
      notify.success(res.message);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <ConfirmBody
      title={session ? t('confirm.oneTitle') : t('confirm.othersTitle')}
      description={session ? t('confirm.oneLead', { device: session.device }) : t('confirm.othersLead')}
      error={serverError}
      pending={pending}
      cancelLabel={t('confirm.cancel')}
      confirmLabel={session ? t('confirm.oneSubmit') : t('confirm.othersSubmit')}
      onCancel={onClose}
      onConfirm={() => void onConfirm()}
    />
  );
}
