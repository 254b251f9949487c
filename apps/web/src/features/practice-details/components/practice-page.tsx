import { ArrowLeft, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';

/**
 * The frame of the practice detail pages: "Back to practice", the heading, and the content for providers only. A
 * client who opens the page reads why there is nothing here, and no provider call is made for them.
 */
export function PracticePage({ title, lead, actions, children }: { title: string; lead?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('practice-details');
  const userType = useAuthStore((s) => s.user?.userType);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/practice" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('backToPractice')}
      </Link>
      <PageHeading title={title} lead={userType === 'provider' ? lead : undefined} actions={userType === 'provider' ? actions : undefined} />
      {userType === 'provider' ? (
        children
      ) : userType ? (
        <EmptyState
          icon={Lock}
          title={t('providersOnly.title')}
          description={t('providersOnly.body')}
          action={
            <Link to="/overview" className={buttonClasses({ variant: 'secondary' })}>
              {t('providersOnly.back')}
            </Link>
          }
        />
      ) : null}
    </div>
  );
}
