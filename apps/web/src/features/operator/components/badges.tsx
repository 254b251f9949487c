import type { VerificationStatus } from '@therapy/contracts/verification';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';

type Tone = 'neutral' | 'waiting' | 'good' | 'bad' | 'info';

const tones: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  waiting: 'bg-amber-100 text-amber-900',
  good: 'bg-emerald-100 text-emerald-900',
  bad: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
};

/** A small label in one of the desk's tones; the words carry the meaning, the colour only repeats it. */
export function Badge({ tone, size = 'sm', children }: { tone: Tone; size?: 'sm' | 'md'; children: string }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full font-semibold whitespace-nowrap',
        size === 'md' ? 'px-3 py-1 text-sm' : 'px-2.5 py-0.5 text-xs',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

const statusTones: Record<VerificationStatus, Tone> = {
  not_submitted: 'neutral',
  submitted: 'waiting',
  approved: 'good',
  rejected: 'bad',
  suspended: 'bad',
};

/** Where the practice stands: under review, verified, rejected, suspended. */
export function StatusBadge({ status, size }: { status: VerificationStatus; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('operator');
  return (
    <Badge tone={statusTones[status]} size={size}>
      {t(`status.${status}`)}
    </Badge>
  );
}

type Review = 'pending' | 'approved' | 'rejected' | 'expired';
const reviewTones: Record<Review, Tone> = { pending: 'waiting', approved: 'good', rejected: 'bad', expired: 'bad' };

/** Where the review of one state or document stands. */
export function ReviewBadge({ review }: { review: Review }) {
  const { t } = useTranslation('operator');
  return <Badge tone={reviewTones[review]}>{t(`reviewState.${review}`)}</Badge>;
}

/** What waits in the queue: a new practice, or changes to a verified one. */
export function KindBadge({ kind }: { kind: 'practice' | 'changes' }) {
  const { t } = useTranslation('operator');
  return <Badge tone={kind === 'practice' ? 'info' : 'waiting'}>{t(`queue.kind.${kind}`)}</Badge>;
}
