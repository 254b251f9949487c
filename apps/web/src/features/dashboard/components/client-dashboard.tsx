import type { ClientOverview } from '@therapy/contracts/bookings';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Star, UserRound, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Button, buttonClasses } from '@/components/ui/button';
import { formatDateTime, formatMoney } from '@/lib/format';
import { openModal } from '@/lib/modal-store';
import { balancesQuery, clientOverviewQuery } from '../api/overview-api';
import { partyName, SessionLine } from './session-line';

/** The client's /overview (issue 16): next session with its link, wallet balance, sessions to review, therapists seen. */
export function ClientDashboard() {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const overview = useQuery(clientOverviewQuery());
  const status = (
    <SectionStatus
      loading={overview.isPending}
      error={overview.isError}
      onRetry={() => void overview.refetch()}
      loadingLabel={t('loading')}
      errorText={t('loadFailed')}
      retryLabel={t('retry')}
    />
  );
  const data = overview.data;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SectionCard icon={CalendarClock} title={t('client.next.title')}>
        {data ? <NextSession data={data} /> : status}
      </SectionCard>
      <BalanceCard />
      <SectionCard
        icon={Star}
        title={t('client.review.title')}
        description={
          data && data.toReviewCount > 0 ? t('client.review.count', { count: data.toReviewCount }) : undefined
        }
      >
        {!data ? (
          status
        ) : data.toReview.length === 0 ? (
          <p className="text-slate-700">{t('client.review.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {data.toReview.map((b) => (
              <li
                key={b.identifier}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2"
              >
                <span className="text-slate-900">
                  {partyName(b.provider)}
                  {b.startTime && (
                    <span className="block text-sm text-slate-700">{formatDateTime(b.startTime, locale)}</span>
                  )}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => openModal('review', { booking: b, review: null }, { size: 'md' })}
                >
                  {t('client.review.write')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard icon={UserRound} title={t('client.therapists.title')}>
        {!data ? (
          status
        ) : data.therapists.length === 0 ? (
          <FindTherapist text={t('client.therapists.none')} />
        ) : (
          <ul className="flex flex-col gap-2">
            {data.therapists.map((p) => (
              <li key={p.identifier}>
                <Link
                  to={`/therapists/${p.identifier}/`}
                  className="flex items-center gap-3 rounded-lg px-1 py-1 text-slate-900 hover:bg-slate-50"
                >
                  {p.picture ? (
                    <img src={p.picture} alt="" width={36} height={36} className="size-9 rounded-full object-cover" />
                  ) : (
                    <span
                      aria-hidden
                      className="flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700"
                    >
                      <UserRound className="size-5" />
                    </span>
                  )}
                  {partyName(p)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}

function NextSession({ data }: { data: ClientOverview }) {
  const { t } = useTranslation('dashboard');
  const next = data.nextSession;
  if (!next) return <FindTherapist text={t('client.next.none')} />;
  return (
    <div>
      <ul>
        <SessionLine booking={next} withWhom="provider" />
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {next.meetingLink ? (
          <a href={next.meetingLink} className={buttonClasses({ size: 'sm' })}>
            {t('client.next.join')}
          </a>
        ) : next.address ? (
          <p className="text-sm text-slate-700">{t('client.next.address', { address: next.address })}</p>
        ) : null}
        {data.upcomingCount > 1 && (
          <Link to="/appointments" className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
            {t('client.next.more', { count: data.upcomingCount - 1 })}
          </Link>
        )}
      </div>
    </div>
  );
}

function FindTherapist({ text }: { text: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div>
      <p className="text-slate-700">{text}</p>
      <Button size="sm" className="mt-3" onClick={() => openModal('state-picker', {})}>
        {t('client.find')}
      </Button>
    </div>
  );
}

function BalanceCard() {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const balance = useQuery(balancesQuery());
  // Issue 48: every wallet that holds money or has any history (a euro wallet back at 0 after a refund too), the one
  // used last first, each a link to its own page of /wallet; the own wallet alone while nothing was ever used.
  const held = balance.data?.filter((w) => w.balance !== 0 || w.lastActivityAt !== null);
  const shown = held?.length ? held : balance.data?.filter((w) => w.own);
  return (
    <SectionCard icon={Wallet} title={t('client.wallet.title')}>
      {shown ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ul className="flex flex-wrap gap-x-6 gap-y-1" data-testid="overview-balances">
            {shown.map((w) => (
              <li key={w.currency}>
                <Link
                  to={`/wallet?currency=${w.currency}`}
                  className="flex items-baseline gap-2 rounded-md text-2xl font-semibold text-slate-900 hover:text-brand-800"
                >
                  {formatMoney(w.balance, w.currency, locale)}{' '}
                  <span className="text-sm font-medium text-slate-600">{w.currency}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/wallet" className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
            {t('client.wallet.open')}
          </Link>
        </div>
      ) : (
        <SectionStatus
          loading={balance.isPending}
          error={balance.isError}
          onRetry={() => void balance.refetch()}
          loadingLabel={t('loading')}
          errorText={t('loadFailed')}
          retryLabel={t('retry')}
        />
      )}
    </SectionCard>
  );
}
