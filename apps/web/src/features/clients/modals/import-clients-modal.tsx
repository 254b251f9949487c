import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useClientsTranslation } from '../components/clients-i18n';

const methods = {
  email: '/clients/imported/email-manual',
  csv: '/clients/imported/csv',
} as const;
type Method = keyof typeof methods;

/**
 * Spec §2 "Import Clients": a select of "Email Onboarding/Manual Entry" or "Select CSV File", then "Proceed", which
 * goes to that import's page and closes the modal (the spec leaves the CSV option empty; we built its page).
 */
export function ImportClientsModal({ onClose }: ModalComponentProps<'import-clients'>) {
  const { t } = useClientsTranslation();
  const navigate = useNavigate();
  const selectId = useId();
  const [method, setMethod] = useState<Method>('email');

  const proceed = () => {
    onClose();
    void navigate(methods[method]);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        proceed();
      }}
    >
      <DialogTitle>{t('importModal.title')}</DialogTitle>
      <DialogDescription>{t('importModal.description')}</DialogDescription>
      <div className="mt-5">
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('importModal.method')}
        </label>
        <Select id={selectId} value={method} onChange={(e) => setMethod(e.target.value as Method)}>
          <option value="email">{t('importModal.email')}</option>
          <option value="csv">{t('importModal.csv')}</option>
        </Select>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('importModal.cancel')}
        </Button>
        <Button type="submit">{t('importModal.proceed')}</Button>
      </DialogActions>
    </form>
  );
}
