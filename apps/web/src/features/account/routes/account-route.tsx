import { Globe, KeyRound, Mail, Trash, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutlet } from 'react-router';
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

export function AccountRoute() {
  const { t, i18n } = useTranslation('account');
  const user = useAuthStore((s) => s.user);
  // The profile screens (client profile or practice profile) come from the router, so this feature stays apart.
  const profileScreens = useOutlet();
  if (!user) return null;

  const locale = i18n.resolvedLanguage ?? 'en';
  const country = detectCountryCode(user.countryCode);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || t('profile.noName');

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('title')} lead={t('lead')} />
      <div className="flex flex-col gap-6">
        <SectionCard icon={UserRound} title={t('profile.title')}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label={t('profile.name')} value={fullName} />
            <Detail label={t('profile.type')} value={user.userType === 'provider' ? t('profile.provider') : t('profile.client')} />
          </dl>
        </SectionCard>
        {profileScreens}

        <SectionCard icon={Mail} title={t('email.title')} description={t('email.description')}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <dl>
              <Detail
                label={t('email.current')}
                value={
                  <>
                    {user.email}{' '}
                    <span className={user.emailVerified ? 'text-sm font-normal text-green-800' : 'text-sm font-normal text-amber-800'}>
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
        </SectionCard>

        <SectionCard icon={KeyRound} title={t('password.title')} description={user.isSocial ? undefined : t('password.description')}>
          {user.isSocial ? <p className="text-sm text-slate-700">{t('password.social')}</p> : <ChangePasswordForm />}
        </SectionCard>

        <SectionCard icon={Globe} title={t('preferences.title')} description={t('preferences.description')}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <dl className="grid gap-4 sm:grid-cols-2 sm:gap-8">
              <Detail label={t('preferences.language')} value={t(`preferences.languages.${locale === 'de' ? 'de' : 'en'}`)} />
              <Detail label={t('preferences.country')} value={country ? countryName(country, locale) : t('preferences.noCountry')} />
            </dl>
            <Button variant="secondary" onClick={() => openModal('preferences')}>
              {t('preferences.edit')}
            </Button>
          </div>
        </SectionCard>

        <SectionCard icon={Trash} title={t('delete.title')} description={t('delete.description')}>
          <Button variant="danger" onClick={() => openModal('delete-account')}>
            {t('delete.open')}
          </Button>
        </SectionCard>
      </div>
    </div>
  );
}
