import { useQuery } from '@tanstack/react-query';
import { Camera, HeartPulse, SlidersHorizontal, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProfileAvatar } from '@/components/profile-avatar';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { openModal } from '@/lib/modal-store';
import { clientPreferencesQuery, emergencyContactQuery, useClientProfile } from '../api/profile-api';
import { ClientProfileForm } from '../components/client-profile-form';
import { EmergencyContactForm } from '../components/emergency-contact-form';
import { PreferencesForm } from '../components/preferences-form';

/** The client's part of /account (spec §2 "/account: profile update"): picture, details, emergency contact, preferences. */
export function ClientProfileSection({ section }: { section: 'details' | 'emergency' | 'preferences' }) {
  const { t } = useTranslation('profile');
  const profile = useClientProfile();
  const contact = useQuery({
    ...emergencyContactQuery,
    enabled: section === 'emergency',
  });
  const preferences = useQuery({
    ...clientPreferencesQuery,
    enabled: section === 'preferences',
  });
  const status = {
    loadingLabel: t('loading'),
    errorText: t('loadFailed'),
    retryLabel: t('retry'),
  };

  return (
    <>
      {section === 'details' && (
        <SectionCard icon={UserRound} title={t('details.title')} description={t('details.description')}>
          <SectionStatus
            loading={profile.isPending}
            error={profile.isError}
            onRetry={() => void profile.refetch()}
            {...status}
          />
          {profile.data && (
            <div className="flex flex-col gap-6">
              <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
                <button
                  type="button"
                  onClick={() => openModal('image-selection')}
                  className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
                >
                  <span className="sr-only">{t('picture.change')}</span>
                  <ProfileAvatar
                    photoUrl={profile.data.photoUrl}
                    firstName={profile.data.firstName}
                    lastName={profile.data.lastName}
                    size="lg"
                    onBroken={() => void profile.refetch()}
                  />
                  <span className="absolute bottom-0 right-0 flex size-9 items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white shadow group-hover:bg-brand-800">
                    <Camera className="size-4" aria-hidden="true" />
                  </span>
                </button>
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{t('picture.title')}</p>
                  <p className="text-sm text-slate-700">{t('picture.hint')}</p>
                  <Button variant="link" className="mt-1 text-sm" onClick={() => openModal('image-selection')}>
                    {t('picture.edit')}
                  </Button>
                </div>
              </div>
              <ClientProfileForm profile={profile.data} />
            </div>
          )}
        </SectionCard>
      )}

      {section === 'emergency' && (
        <SectionCard icon={HeartPulse} title={t('emergency.title')} description={t('emergency.description')}>
          <SectionStatus
            loading={contact.isPending}
            error={contact.isError}
            onRetry={() => void contact.refetch()}
            {...status}
          />
          {contact.isSuccess && <EmergencyContactForm contact={contact.data} />}
        </SectionCard>
      )}

      {section === 'preferences' && (
        <SectionCard icon={SlidersHorizontal} title={t('preferences.title')} description={t('preferences.description')}>
          <SectionStatus
            loading={preferences.isPending}
            error={preferences.isError}
            onRetry={() => void preferences.refetch()}
            {...status}
          />
          {preferences.data && <PreferencesForm preferences={preferences.data} />}
        </SectionCard>
      )}
    </>
  );
}
