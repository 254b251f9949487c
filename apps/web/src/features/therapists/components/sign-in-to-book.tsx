import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';

/** Signed out: Continue leads to the login page and back here. */
export function SignInToBook() {
  const { t } = useTranslation('therapists');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">{t('booking.signInNote')}</p>
      <Button onClick={() => void navigate(`/login?redirect=${encodeURIComponent(location.pathname)}`)}>
        {t('summary.continue')}
      </Button>
    </div>
  );
}
