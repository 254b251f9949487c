import { useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@therapy/contracts/contact';
import { Inbox, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { formatPhone } from '@therapy/contracts/fields';
import { formatDateTime } from '@/lib/format';
import { contactInboxQuery, useMarkAnswered } from '../api/contact-api';

/** /operator/contact (issue 49): the contact form's inbox for operators, newest first, with "Mark answered". */
export function ContactInboxRoute() {
  const { t } = useTranslation(['contact', 'operator']);
  const userType = useAuthStore((s) => s.user?.userType);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('inbox.title')} lead={userType === 'operator' ? t('inbox.lead') : undefined} />
      {userType === 'operator' ? (
        <InboxPages />
      ) : userType ? (
        <EmptyState
          icon={Lock}
          title={t('operator:operatorsOnly.title')}
          description={t('operator:operatorsOnly.body')}
        />
      ) : null}
    </div>
  );
}

function InboxPages() {
  const { t } = useTranslation('contact');
  const [page, setPage] = useState(1);
  const inbox = useQuery(contactInboxQuery(page));
  if (!inbox.data) return <Spinner />;
  const { data, meta } = inbox.data;
  if (meta.total === 0) return <EmptyState icon={Inbox} title={t('inbox.empty')} description={t('inbox.emptyBody')} />;
  return (
    <>
      <ol className="flex flex-col gap-4">
        {data.map((item) => (
          <li key={item.identifier}>
            <MessageCard item={item} />
          </li>
        ))}
      </ol>
      {meta.totalPages > 1 && (
        <nav aria-label={t('inbox.pagination')} className="mt-6 flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('inbox.previous')}
          </Button>
          <p className="text-center text-sm text-slate-700">{t('inbox.pageOf', { page, total: meta.totalPages })}</p>
          <Button variant="secondary" disabled={page >= meta.totalPages} onClick={() => setPage(page + 1)}>
            {t('inbox.next')}
          </Button>
        </nav>
      )}
    </>
  );
}

function MessageCard({ item }: { item: ContactMessage }) {
  const { t, i18n } = useTranslation('contact');
  const mark = useMarkAnswered();
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 className="text-base font-semibold text-slate-900">
          {item.firstName} {item.lastName}
        </h2>
        <p className="text-sm text-slate-700">
          {t('inbox.received', { when: formatDateTime(item.receivedAt, locale) })}
        </p>
      </div>
      <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
        <a href={`mailto:${item.email}`} className="break-all">
          {item.email}
        </a>
        {item.phone && (
          <span className="whitespace-nowrap">
            {t('inbox.phone')}: {formatPhone(item.phone)}
          </span>
        )}
      </p>
      <p className="text-base whitespace-pre-wrap text-slate-900">{item.message}</p>
      <div className="flex flex-wrap items-center gap-3">
        {item.answeredAt ? (
          <p className="text-sm font-medium text-green-800">
            {t('inbox.answered', { when: formatDateTime(item.answeredAt, locale) })}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t('inbox.open')}</p>
            <Button variant="secondary" size="sm" pending={mark.isPending} onClick={() => mark.mutate(item.identifier)}>
              {t('inbox.markAnswered')}
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
