import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Globe, KeyRound, Mail, Trash, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutlet, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { countryName, detectCountryCode } from '@/lib/country';
import { openModal } from '@/lib/modal-store';
import { SectionCard } from '@/components/section-card';
import { ChangePasswordForm } from '../components/change-password-form';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** The sections of /account, each at /account?section=<id>, so links, reloads and the back button reach it. */
const clientSections = ['details', 'emergency', 'preferences'] as const;
const providerSections = ['practice'] as const;
/** An operator has no client profile, practice, bookings or calendar: their name and role, and the common sections. */
const operatorSections = ['profile'] as const;
const commonSections = ['email', 'password', 'devices', 'language', 'calendar', 'data', 'delete'] as const;
export type AccountSection =
  | (typeof clientSections)[number]
  | (typeof providerSections)[number]
  | (typeof operatorSections)[number]
  | (typeof commonSections)[number];
/** What the profile screens in the outlet read: the one section to show (theirs, or none). */
export interface AccountOutletContext {
  section: AccountSection;
}

export function AccountRoute() {
  const { t, i18n } = useTranslation('account');
  const user = useAuthStore((s) => s.user);
  const [params] = useSearchParams();
  // An operator has no bookings, so no calendar subscription.
  const sections: readonly AccountSection[] = [
    ...(user?.userType === 'provider'
      ? providerSections
      : user?.userType === 'operator'
        ? operatorSections
        : clientSections),
    ...commonSections,
  ].filter((s) => s !== 'calendar' || user?.userType !== 'operator');
  const asked = params.get('section');
  const chosen = sections.find((s) => s === asked);
  // Without a section, a wide screen shows the first one beside the menu; a phone shows only the list of sections.
  const section = chosen ?? sections[0]!;
  // The profile screens (client profile or practice profile) come from the router, so this feature stays apart.
  const profileScreens = useOutlet({ section } satisfies AccountOutletContext);
  if (!user) return null;

  const locale = i18n.resolvedLanguage ?? 'en';
  const country = detectCountryCode(user.countryCode);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || t('profile.noName');

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('title')} lead={t('lead')} />
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <nav aria-label={t('nav.label')} className={clsx('lg:sticky lg:top-6 lg:block', chosen && 'hidden')}>
          <ul className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-2">
            {sections.map((id) => {
              const current = id === section;
              return (
                <li key={id}>
                  <Link
                    to={`?section=${id}`}
                    aria-current={current ? 'page' : undefined}
                    className={clsx(
                      'flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium no-underline',
                      current ? 'lg:bg-brand-50 lg:text-brand-800' : 'text-slate-800 hover:bg-slate-50',
                      current && 'text-slate-800',
                      id === 'delete' && 'text-red-800',
                    )}
                  >
                    {t(`nav.${id}`)}
                    <ChevronRight className="size-4 shrink-0 text-slate-500 lg:hidden" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={clsx('flex min-w-0 flex-col gap-6 lg:flex', !chosen && 'hidden')}>
          <Link
            to="/account"
            className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium lg:hidden"
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
            {t('nav.all')}
          </Link>
          {(section === 'practice' || section === 'profile') && (
            <SectionCard icon={UserRound} title={t('profile.title')}>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Detail label={t('profile.name')} value={fullName} />
                <Detail label={t('profile.type')} value={t(`profile.${user.userType}`)} />
              </dl>
            </SectionCard>
          )}
          {profileScreens}

          {section === 'email' && (
            <SectionCard icon={Mail} title={t('email.title')} description={t('email.description')}>
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <dl>
                  <Detail
                    label={t('email.current')}
                    value={
                      <>
                        {user.email}{' '}
                        <span
                          className={
                            user.emailVerified
                              ? 'text-sm font-normal text-green-800'
                              : 'text-sm font-normal text-amber-800'
                          }
                        >
                          ({user.emailVerified ? t('email.verified') : t('email.unverified')})
                        </span>
                      </>
                    }
                  />
                </dl>
                <Button variant="secondary" onClick={() => openModal('update-email')}>
                  {t('email.change')}
                </Button>
              </div>
              {/* Issue 49: which notification mails come is chosen on its own page, also reached from each mail. */}
              <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-slate-700">{t('email.mailSettingsHint')}</p>
                <Link to="/mail-preferences" className="inline-flex min-h-11 shrink-0 items-center font-medium">
                  {t('email.mailSettings')}
                </Link>
              </div>
            </SectionCard>
          )}

          {section === 'password' && (
            <SectionCard
              icon={KeyRound}
              title={t('password.title')}
              description={user.isSocial ? undefined : t('password.description')}
            >
              {user.isSocial ? (
                <p className="text-sm text-slate-700">{t('password.social')}</p>
              ) : (
                <ChangePasswordForm />
              )}
            </SectionCard>
          )}

          {section === 'language' && (
            <SectionCard icon={Globe} title={t('preferences.title')} description={t('preferences.description')}>
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <dl className="grid gap-4 sm:grid-cols-2 sm:gap-8">
                  <Detail
                    label={t('preferences.language')}
                    value={t(`preferences.languages.${locale === 'de' ? 'de' : 'en'}`)}
                  />
                  <Detail
                    label={t('preferences.country')}
                    value={country ? countryName(country, locale) : t('preferences.noCountry')}
                  />
                </dl>
                <Button variant="secondary" onClick={() => openModal('preferences')}>
                  {t('preferences.edit')}
                </Button>
              </div>
            </SectionCard>
          )}

          {section === 'delete' && (
            <SectionCard icon={Trash} title={t('delete.title')} description={t('delete.description')}>
              <Button variant="danger" onClick={() => openModal('delete-account')}>
                {t('delete.open')}
              </Button>
            </SectionCard>
          )}
        </div>
      </div>
    </div>
  );
}
