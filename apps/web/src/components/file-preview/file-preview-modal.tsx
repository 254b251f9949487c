import { Download, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ModalComponentProps } from '@/lib/modal-store';

/** What a browser shows in a frame by itself: PDFs and the images we accept. Word documents are downloaded. */
export const previewable = (contentType: string) =>
  contentType === 'application/pdf' || contentType === 'image/png' || contentType === 'image/jpeg';

/**
 * Spec §2 "File preview (shown in an iframe)": a PDF or an image from its signed URL in a frame; a doc or docx is
 * offered as a download instead. Shared: the provider's credentials page and the operator's document review open it.
 */
export function FilePreviewModal({ url, filename, contentType, onClose }: ModalComponentProps<'file-preview'>) {
  const { t } = useTranslation('files');
  const inline = previewable(contentType);
  return (
    <div>
      <DialogTitle className="break-all">{filename}</DialogTitle>
      <DialogDescription>{inline ? t('preview.lead') : t('preview.noPreview')}</DialogDescription>
      {inline && (
        <iframe
          src={url}
          title={t('preview.frameTitle', { name: filename })}
          className="mt-4 h-[60dvh] w-full rounded-lg border border-slate-300 bg-slate-50"
          sandbox={contentType === 'application/pdf' ? undefined : ''}
        />
      )}
      <DialogActions>
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={onClose}>
          {t('preview.close')}
        </button>
        {inline ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary' })}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('preview.openNewTab')}
          </a>
        ) : null}
        <a href={url} download={filename} className={buttonClasses({ variant: inline ? 'secondary' : 'primary' })}>
          <Download className="size-4" aria-hidden="true" />
          {t('preview.download')}
        </a>
      </DialogActions>
    </div>
  );
}
