import type { ChatPerson } from '@therapy/contracts/chat';
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { dateFormatter } from '@/lib/format';
import type { ChatT } from '../i18n';

/** A person's name as the chat shows it; a deleted account's name is gone. */
export const personName = (person: Pick<ChatPerson, 'firstName' | 'lastName'> | undefined, t: ChatT): string =>
  [person?.firstName, person?.lastName].filter(Boolean).join(' ').trim() || t('unnamed');

/** Today: the time; this year: day and month; before: the date. */
export function shortStamp(iso: string, locale: string, now = new Date()): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString())
    return dateFormatter(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
  if (at.getFullYear() === now.getFullYear())
    return dateFormatter(locale, { day: 'numeric', month: 'short' }).format(at);
  return dateFormatter(locale, { dateStyle: 'short' }).format(at);
}

/** Day, month and time, for a message's own stamp. */
export const messageStamp = (iso: string, locale: string) =>
  dateFormatter(locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function PaneSpinner({ label }: { label: string }) {
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <Spinner label={label} />
    </div>
  );
}

/** A pane's load failure, with a way to try again. */
export function PaneError({
  children,
  onRetry,
  retryLabel,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retryLabel: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700"
    >
      <AlertCircle className="size-6 text-red-700" aria-hidden="true" />
      <p>{children}</p>
      {onRetry && (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
