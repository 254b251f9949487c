import { message } from '@therapy/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { openModal } from '@/lib/modal-store';
import { applyPhotoUrl, uploadProfilePhoto } from '@/lib/profile-query';
import { notify } from '@/lib/toast';

/** Spec §2 "Profile image": the cropped picture as it will look, saved with a multipart upload. */
export function ProfileImageModal({
  owner,
  src,
  type,
  blob,
  previewSrc,
  onClose,
}: ModalComponentProps<'profile-image'>) {
  const { t } = useTranslation('picture');

  const upload = useMutation({
    mutationFn: () => uploadProfilePhoto(owner, blob),
    onSuccess: ({ photoUrl }) => {
      applyPhotoUrl(owner, photoUrl, owner === 'client' ? { avatarIdentifier: null } : {});
      notify.success(message('imageChanged', currentLocale()));
      URL.revokeObjectURL(src);
      URL.revokeObjectURL(previewSrc);
      onClose();
    },
  });

  return (
    <>
      <DialogTitle>{t('preview.title')}</DialogTitle>
      <DialogDescription>{t('preview.description')}</DialogDescription>
      <div className="mt-5 flex justify-center">
        {
          <img
            src={previewSrc}
            alt={t('preview.alt')}
            className="size-48 rounded-full border border-slate-200 object-cover"
          />
        }
      </div>
      <DialogActions>
        <Button
          variant="secondary"
          onClick={() => openModal('image-crop', { owner, src, type }, { size: 'md' })}
          disabled={upload.isPending}
        >
          {t('preview.back')}
        </Button>
        <Button onClick={() => upload.mutate()} pending={upload.isPending}>
          {t('preview.save')}
        </Button>
      </DialogActions>
    </>
  );
}
