import type { EarningLine, EarningState } from '@therapy/contracts/earnings';
import { clsx } from 'clsx';
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { formatDateTime, formatMoney } from '@/lib/format';
import { referenceName } from '@/lib/reference-names-de';

const badge: Record<EarningState, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  available: 'bg-green-50 text-green-900 ring-green-200',
  inPayout: 'bg-sky-50 text-sky-900 ring-sky-200',
  paidOut: 'bg-slate-100 text-slate-800 ring-slate-200',
};

/** Each paid session's line: when, what, with whom, the provider's share and where that money is now. */
export function EarningSessions({ sessions }: { sessions: EarningLine[] }) {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <SectionCard icon={CalendarCheck} title={t('earnings.sessions.title')} description={t('earnings.sessions.lead')}>
      {sessions.length === 0 ? (
        <div className="text-sm text-slate-700">
          <p className="font-medium text-slate-900">{t('earnings.sessions.empty')}</p>
          <p className="mt-1">{t('earnings.sessions.emptyLead')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('earnings.sessions.title')}>
          {sessions.map((s) => (
            <li key={s.bookingIdentifier}>
              <Link
                to={`/appointments/${s.bookingIdentifier}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg px-1 py-3 text-slate-900 no-underline! hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span className="min-w-0">
                  <span className="block font-medium">
                    {referenceName('therapy-category', s.therapy.code, s.therapy.name, locale)}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {s.startTime ? formatDateTime(s.startTime, locale) : t('earnings.sessions.noTime')}
                    {' · '}
                    {s.clientName
                      ? t('earnings.sessions.with', { name: s.clientName })
                      : t('earnings.sessions.formerClient')}
                    {s.bookingStatus === 'cancelled' && ` · ${t('earnings.sessions.lateCancel')}`}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="font-semibold">{formatMoney(s.amount, s.currency, locale)}</span>
                  <span className={clsx('rounded-full px-2.5 py-0.5 text-sm font-medium ring-1', badge[s.state])}>
                    {t(`earnings.state.${s.state}`)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
