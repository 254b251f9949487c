import type { DocumentReview } from '@therapy/contracts/credentials';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

const tones: Record<DocumentReview, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-red-100 text-red-900',
};

/** Where the operator's review of a document stands (issue 45): waiting, approved, not approved, expired. */
export function ReviewBadge({ review }: { review: DocumentReview }) {
  const { t } = useTranslation('credentials');
  return (
    <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[review])}>
      {t(`review.${review}`)}
    </span>
  );
}

/** Tomorrow as "YYYY-MM-DD" in the browser's zone: the first day an expiry date may be (the server checks too). */
export function tomorrow(now: Date = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
}
