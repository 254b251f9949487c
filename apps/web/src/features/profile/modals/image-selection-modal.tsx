import { ImageIcon, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ImageFilePicker } from '@/components/profile-image/image-file-picker';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ModalComponentProps } from '@/lib/modal-store';
import { openModal } from '@/lib/modal-store';
import { clientProfileQuery } from '../api/profile-api';

/** Spec §2 "Image selection": New Image, Use Avatar, Delete. Each choice replaces this modal with the next one. */
export function ImageSelectionModal(_props: ModalComponentProps<'image-selection'>) {
  const { t } = useTranslation('profile');
  const { data: profile } = useQuery(clientProfileQuery());
  return (
    <>
      <DialogTitle>{t('selection.title')}</DialogTitle>
      <DialogDescription>{t('selection.description')}</DialogDescription>
      <div className="mt-5 flex flex-col gap-3">
        <ImageFilePicker
          label={t('selection.newImage')}
          variant="primary"
          fullWidth
          onAccepted={(src, type) => openModal('image-crop', { owner: 'client', src, type }, { size: 'md' })}
        />
        <Button variant="secondary" fullWidth onClick={() => openModal('avatar-picker', {}, { size: 'md' })}>
          <ImageIcon className="size-4" aria-hidden="true" />
          {t('selection.useAvatar')}
        </Button>
        {profile?.photoUrl && (
          <Button variant="danger" fullWidth onClick={() => openModal('delete-picture')}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('selection.delete')}
          </Button>
        )}
      </div>
    </>
  );
}
