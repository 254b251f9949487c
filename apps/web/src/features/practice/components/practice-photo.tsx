import type { ProviderProfile } from '@therapy/contracts/profile';
import { useTranslation } from 'react-i18next';
import { ImageFilePicker } from '@/components/profile-image/image-file-picker';
import { ProfileAvatar } from '@/components/profile-avatar';
import { openModal } from '@/lib/modal-store';

/** The practice photo: the same checks and crop flow as the client's picture, saved to POST /provider/update/photo. */
export function PracticePhoto({ profile, onBroken }: { profile: ProviderProfile; onBroken: () => void }) {
  const { t } = useTranslation('practice');
  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <ProfileAvatar
        photoUrl={profile.photoUrl}
        firstName={profile.firstName}
        lastName={profile.lastName}
        size="lg"
        alt={t('photo.alt')}
        onBroken={onBroken}
      />
      <div className="min-w-0">
        <p className="mb-2 font-medium text-slate-900">{t('photo.title')}</p>
        <ImageFilePicker
          label={profile.photoUrl ? t('photo.change') : t('photo.upload')}
          onAccepted={(src, type) => openModal('image-crop', { owner: 'provider', src, type }, { size: 'md' })}
        />
      </div>
    </div>
  );
}
