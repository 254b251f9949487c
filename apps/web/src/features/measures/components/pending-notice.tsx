import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { measuresQuery } from '../api/measures-api';
import { useMeasuresTranslation } from '../i18n';

/** Under the header on a client's pages (issue 20): a questionnaire waits to be filled in. */
export function PendingMeasuresNotice() {
  const { t } = useMeasuresTranslation();
  const { pathname } = useLocation();
  const pending = useQuery(measuresQuery({ status: 'pending' }, { poll: true }));
  const first = pending.data?.[0];
  if (!first || pathname.startsWith('/questionnaires')) return null;
  const count = pending.data!.length;
  return (
    <div role="status" className="border-b border-brand-200 bg-brand-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <ClipboardList className="hidden size-5 shrink-0 text-brand-800 sm:block" aria-hidden="true" />
        <p className="min-w-0 flex-1 text-sm text-slate-900">
          {t('notice.text', { count, name: first.providerName ?? t('yourTherapist') })}
        </p>
        <Link
          to={count === 1 ? `/questionnaires/${first.identifier}` : '/questionnaires'}
          className={buttonClasses({ size: 'sm', className: 'self-start sm:self-auto' })}
        >
          {t('notice.open', { count })}
        </Link>
      </div>
    </div>
  );
}
