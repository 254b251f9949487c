import { CalendarX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';

/** Bookings arrive in a later issue; until then the list is honestly empty. */
export function AppointmentsRoute() {
  const { t } = useTranslation('appointments');
  const isProvider = useAuthStore((s) => s.user?.userType === 'provider');
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('title')} lead={t('lead')} />
      <EmptyState
        icon={CalendarX}
        title={t('empty.title')}
        description={isProvider ? t('empty.provider') : t('empty.client')}
        action={
          <Link to="/overview" className={buttonClasses({ variant: 'secondary' })}>
            {t('empty.back')}
          </Link>
        }
      />
    </div>
  );
}
