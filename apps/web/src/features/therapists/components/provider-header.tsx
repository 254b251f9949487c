import type { ProviderSummary } from '@therapy/contracts/profile';
import { useTranslation } from 'react-i18next';
import { ProfileAvatar } from '@/components/profile-avatar';
import { referenceName } from '@/lib/reference-names-de';
import { providerDisplayName } from '../api/provider-name';

/** The page's h1: photo (or initials), title and name, headline and the therapies offered. */
export function ProviderHeader({ provider }: { provider: ProviderSummary }) {
  const { t, i18n } = useTranslation('therapists');
  const locale = i18n.resolvedLanguage ?? 'en';
  const name = providerDisplayName(provider) || t('profile.unnamed');
  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:gap-6 sm:text-left">
      <ProfileAvatar
        photoUrl={provider.photoUrl}
        firstName={provider.firstName}
        lastName={provider.lastName}
        alt={t('profile.photoAlt', { name })}
        size="lg"
        priority
      />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{name}</h1>
        {provider.headline && <p className="mt-1 text-base text-slate-700">{provider.headline}</p>}
        {provider.therapies.length > 0 && (
          <div className="mt-3">
            <h2 className="sr-only">{t('profile.therapies')}</h2>
            <ul className="flex flex-wrap justify-center gap-2 sm:justify-start">
              {provider.therapies.map((therapy) => (
                <li
                  key={therapy.identifier}
                  className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900"
                >
                  {referenceName('therapy-category', therapy.code, therapy.name, locale)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
