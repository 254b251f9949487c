import { shortFilename, sizeInKb } from '@therapy/contracts/credentials';
import { useTranslation } from 'react-i18next';

/**
 * A file's name as spec §9 shows it: over 15 characters it is cut to 10 and an ellipsis; the full name stays in the
 * title (hover) and in the accessible name, so nothing is lost for screen readers.
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  const short = shortFilename(name);
  if (short === name) return <span className={className}>{name}</span>;
  return (
    <span className={className} title={name}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{name}</span>
    </span>
  );
}

/** Spec §9: credential sizes in kb. */
export function FileSize({ bytes, className }: { bytes: number; className?: string }) {
  const { t } = useTranslation('files');
  return <span className={className}>{t('sizeKb', { count: sizeInKb(bytes) })}</span>;
}
