import { cookieNames } from '@therapy/contracts/constants';
import { MapPinOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { countryName } from '@/lib/country';
import type { ModalComponentProps } from '@/lib/modal-store';
import { openModal } from '@/lib/modal-store';
import { setCookie } from '@/lib/storage';

export function NonOperatingCountryModal({ countryCode, onClose }: ModalComponentProps<'non-operating-country'>) {
  const { t, i18n } = useTranslation('location');
  const country = countryName(countryCode, i18n.resolvedLanguage ?? 'en');

  const continueAnyway = () => {
    // Remembered so the prompt does not come back on every visit.
    setCookie(cookieNames.ignoreOperatingCountryPrompt, 'true');
    onClose();
  };

  return (
    <>
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-800">
        <MapPinOff className="size-6" aria-hidden="true" />
      </span>
      <DialogTitle>{t('nonOperating.title', { country })}</DialogTitle>
      <DialogDescription>{t('nonOperating.body')}</DialogDescription>
      <DialogActions>
        <Button variant="secondary" onClick={continueAnyway}>
          {t('nonOperating.continue')}
        </Button>
        <Button onClick={() => openModal('select-country')}>{t('nonOperating.choose')}</Button>
      </DialogActions>
    </>
  );
}
