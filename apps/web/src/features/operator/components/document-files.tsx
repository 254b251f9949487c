import type { ReviewDocument } from '@therapy/contracts/practice-setup';
import { ExternalLink, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openModal } from '@/lib/modal-store';

/** A document's files: each previews in the shared file-preview modal, or opens in a new tab. */
export function DocumentFiles({ files }: { files: ReviewDocument['files'] }) {
  const { t } = useTranslation('operator');
  if (files.length === 0) return <p className="mt-2 text-sm text-slate-700">{t('desk.noFiles')}</p>;
  return (
    <ul className="mt-2 space-y-1">
      {files.map((file) => (
        <li key={file.identifier} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            type="button"
            onClick={() =>
              openModal(
                'file-preview',
                { url: file.url, filename: file.filename, contentType: file.contentType },
                { size: 'lg' },
              )
            }
            className="inline-flex min-h-9 items-center gap-1 rounded text-sm font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            <Eye className="size-4 shrink-0" aria-hidden="true" />
            {t('review.preview', { name: file.filename })}
          </button>
          <a
            href={file.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm break-all"
          >
            {file.filename}
            <span className="text-slate-600">
              ({t('review.size', { kb: Math.max(1, Math.round(file.size / 1024)) })})
            </span>
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t('review.opensInNewTab')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
