import { message } from '@therapy/contracts/messages';
import { useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ImageCropper } from '@/components/ui/image-cropper';
import { currentLocale } from '@/lib/i18n';
import { cropToBlob } from '@/lib/image-file';
import type { ModalComponentProps } from '@/lib/modal-store';
import { openModal } from '@/lib/modal-store';

/** Spec §2 "Image crop" (the spec's "crop Image", capitalised as a title: decision 0057): a square crop with zoom 1-3, then the "Profile Image" preview. */
export function CropImageModal({ owner, src, type, onClose }: ModalComponentProps<'image-crop'>) {
  const { t } = useTranslation('picture');
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const onCrop = async () => {
    if (!area) return;
    setBusy(true);
    setFailed(false);
    try {
      const blob = await cropToBlob(src, area, type === 'image/png' ? 'image/png' : 'image/jpeg');
      openModal('profile-image', { owner, src, type, blob, previewSrc: URL.createObjectURL(blob) }, { size: 'sm' });
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle>{t('crop.title')}</DialogTitle>
      <DialogDescription>{t('crop.description')}</DialogDescription>
      <div className="mt-5 flex flex-col gap-4">
        <ImageCropper
          src={src}
          areaLabel={t('crop.area')}
          areaHint={t('crop.areaHint')}
          zoomLabel={t('crop.zoom')}
          onAreaChange={setArea}
        />
        {failed && <Alert tone="error">{message('cropFailed', currentLocale())}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void onCrop()} pending={busy} disabled={!area}>
          {t('crop.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
