import { message } from '@therapy/contracts/messages';
import { CheckCircle2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useClientsTranslation } from '../components/clients-i18n';

/**
 * Spec §2 "Email import success and manual import success": "Mail Sent Successfully" or "Details Saved Successfully"
 * (the contract's texts, as the server says them) and "Go To Dashboard", which is the client list.
 */
export function ClientImportSuccessModal({ kind, onClose }: ModalComponentProps<'client-import-success'>) {
  const { t } = useClientsTranslation();
  const navigate = useNavigate();
  const locale = currentLocale();
  const goToDashboard = () => {
    onClose();
    void navigate('/clients/imported/');
  };
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto mb-3 size-10 text-brand-700" aria-hidden="true" />
      <DialogTitle>{kind === 'email' ? message('mailSent', locale) : message('clientImportSaved', locale)}</DialogTitle>
      <DialogDescription asChild>
        <p role="status" className="mt-2 text-slate-700">
          {kind === 'email' ? t('success.emailBody') : t('success.manualBody')}
        </p>
      </DialogDescription>
      <DialogActions className="justify-center sm:justify-center">
        <Button autoFocus onClick={goToDashboard}>
          {t('success.dashboard')}
        </Button>
      </DialogActions>
    </div>
  );
}
