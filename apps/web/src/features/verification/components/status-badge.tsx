import type { VerificationStatus } from '@therapy/contracts/verification';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

const tones: Record<VerificationStatus, string> = {
  not_submitted: 'bg-slate-100 text-slate-800',
  submitted: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  suspended: 'bg-red-100 text-red-900',
};

/** The verification status as a label ("Under review", "Verified", ...). */
export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('verification');
  return (
    <span className={clsx('inline-flex rounded-full px-3 py-1 text-sm font-semibold', tones[status])}>
      {t(`status.${status}`)}
    </span>
  );
}
