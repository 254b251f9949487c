import { clsx } from 'clsx';
import { ArrowLeft, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';

const widths = { '3xl': 'max-w-3xl', '4xl': 'max-w-4xl', '6xl': 'max-w-6xl' } as const;

export interface PracticePageProps {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  /** What a signed-in client reads instead of the page: why it is a therapist's, in the page's own words. */
  clientNotice: { title: string; body: string };
  /** The practice hub itself has no way back to it. */
  backToPractice?: boolean;
  width?: keyof typeof widths;
  children: ReactNode;
}

/**
 * The frame of every page of a provider's practice (the hub, credentials, practice details, bank details, the access
 * log): "Back to practice" with a 44 px touch target, the page's one heading, and the content for providers only. A
 * client who opens such a page reads why there is nothing here, and no provider call is made for them (the content
 * is not rendered). While the session is not known yet, only the frame shows.
 */
export function PracticePage({
  title,
  lead,
  actions,
  clientNotice,
  backToPractice = true,
  width = '3xl',
  children,
}: PracticePageProps) {
  const { t } = useTranslation('common');
  const userType = useAuthStore((s) => s.user?.userType);
  const provider = userType === 'provider';
  return (
    <div className={clsx('mx-auto px-4 py-8 sm:px-6 sm:py-10', widths[width])}>
      {backToPractice && (
        <Link
          to="/practice"
          className="mb-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('practicePage.back')}
        </Link>
      )}
      <PageHeading title={title} lead={provider ? lead : undefined} actions={provider ? actions : undefined} />
      {provider ? (
        children
      ) : userType ? (
        <EmptyState
          icon={Lock}
          title={clientNotice.title}
          description={clientNotice.body}
          action={
            <Link to="/overview" className={buttonClasses({ variant: 'secondary' })}>
              {t('practicePage.toOverview')}
            </Link>
          }
        />
      ) : null}
    </div>
  );
}
