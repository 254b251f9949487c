import { CalendarDays, ChevronRight, Globe, Settings } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useOutlet } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useAuthStore } from '@/lib/auth-store';
import { openModal } from '@/lib/modal-store';
import { ClientDashboard } from '../components/client-dashboard';
import { NeedsAction } from '../components/needs-action';
import { ProviderDashboard } from '../components/provider-dashboard';

interface Shortcut {
  icon: LucideIcon;
  title: string;
  body: string;
  to?: string;
  onClick?: () => void;
}

export function OverviewRoute() {
  const { t } = useTranslation('dashboard');
  const user = useAuthStore((s) => s.user);
  // What other features add to the dashboard (app/router.tsx), e.g. the provider's practice checklist.
  const slot = useOutlet();
  if (!user) return null;

  const role = user.userType === 'provider' ? 'provider' : 'client';
  const shortcuts: Shortcut[] = [
    {
      icon: CalendarDays,
      title: t('shortcuts.appointments.title'),
      body: t(`shortcuts.appointments.${role}`),
      to: '/appointments',
    },
    { icon: Settings, title: t('shortcuts.account.title'), body: t('shortcuts.account.body'), to: '/account' },
    {
      icon: Globe,
      title: t('shortcuts.preferences.title'),
      body: t('shortcuts.preferences.body'),
      onClick: () => openModal('preferences'),
    },
  ];

  const cardClass =
    'group flex h-full w-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-left text-slate-900 no-underline! shadow-sm transition hover:border-brand-600 hover:shadow-md';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading
        title={user.firstName ? t('greeting', { name: user.firstName }) : t('greetingNoName')}
        lead={t(`lead.${role}`)}
      />
      {role === 'client' && <NeedsAction />}
      {role === 'provider' ? <ProviderDashboard providerId={user.identifier} /> : <ClientDashboard />}
      {/* The provider's set-up checklist comes first after their day: until it is done, nobody can book them. */}
      {slot && <div className="mt-8">{slot}</div>}
      <h2 className="mt-8 mb-4 text-lg font-semibold text-slate-900">{t('shortcuts.title')}</h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {shortcuts.map(({ icon: Icon, title, body, to, onClick }) => {
          const content = (
            <>
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{title}</span>
                <span className="mt-1 block text-sm text-slate-700">{body}</span>
              </span>
              <ChevronRight
                className="mt-1 size-5 shrink-0 text-slate-500 transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </>
          );
          return (
            <li key={title}>
              {to ? (
                <Link to={to} className={cardClass}>
                  {content}
                </Link>
              ) : (
                <button type="button" onClick={onClick} className={cardClass}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
