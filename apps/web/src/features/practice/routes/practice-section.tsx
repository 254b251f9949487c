import { Briefcase } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { useProviderProfile } from '../api/practice-api';
import { PracticeForm } from '../components/practice-form';
import { PracticePhoto } from '../components/practice-photo';

/** The provider's part of /account: the practice profile, or the first-time set-up while setupComplete is false. */
export function PracticeSection() {
  const { t } = useTranslation('practice');
  const profile = useProviderProfile();
  const setup = profile.data ? !profile.data.setupComplete : false;
  return (
    <SectionCard
      icon={Briefcase}
      title={setup ? t('setup.title') : t('info.title')}
      description={setup ? undefined : t('info.description')}
    >
      <SectionStatus
        loading={profile.isPending}
        error={profile.isError}
        onRetry={() => void profile.refetch()}
        loadingLabel={t('loading')}
        errorText={t('loadFailed')}
        retryLabel={t('retry')}
      />
      {profile.data && (
        <div className="flex flex-col gap-6">
          {setup && (
            <Alert tone="info" title={t('setup.bannerTitle')}>
              {t('setup.banner')}
            </Alert>
          )}
          <PracticePhoto profile={profile.data} onBroken={() => void profile.refetch()} />
          {/* The key starts a fresh form (and schema) once set-up is complete. */}
          <PracticeForm key={setup ? 'setup' : 'info'} profile={profile.data} />
        </div>
      )}
    </SectionCard>
  );
}
