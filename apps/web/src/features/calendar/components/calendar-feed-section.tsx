import { useQuery } from '@tanstack/react-query';
import { CalendarSync, Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { SectionCard } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useModalStore } from '@/lib/modal-store';
import { notify } from '@/lib/toast';
import { calendarFeedQuery } from '../api/calendar-api';
import { useCalendarTranslation } from '../i18n';

/**
 * /account?section=calendar (issue 19): the private address calendar apps subscribe to, a copy button, a link that
 * opens it in the device's calendar app (webcal://), and a reset for an address that got out.
 */
export function CalendarFeedSection() {
  const { t } = useCalendarTranslation();
  const feed = useQuery(calendarFeedQuery());
  const openModal = useModalStore((s) => s.open);
  const inputId = useId();
  const hintId = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('copied'));
    } catch {
      // No clipboard (an old browser, no permission): select the text so the person can copy it by hand.
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      notify.error(t('copyFailed'));
    }
  };

  return (
    <SectionCard icon={CalendarSync} title={t('title')} description={t('description')}>
      {feed.isPending ? (
        <Spinner label={t('loading')} />
      ) : feed.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void feed.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
              {t('address')}
            </label>
            <Input
              id={inputId}
              className="mt-1.5 font-mono text-sm"
              readOnly
              value={feed.data.url}
              aria-describedby={hintId}
              onFocus={(e) => e.currentTarget.select()}
            />
            <p id={hintId} className="mt-1.5 text-sm text-slate-700">
              {t('privacy')}
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button onClick={() => void copy(feed.data.url)}>
              <Copy className="size-4" aria-hidden="true" />
              {t('copy')}
            </Button>
            <a href={feed.data.webcalUrl} className={buttonClasses({ variant: 'secondary' })}>
              <ExternalLink className="size-4" aria-hidden="true" />
              {t('open')}
            </a>
            <Button variant="secondary" onClick={() => openModal('calendar-feed-reset', {})}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {t('reset.open')}
            </Button>
          </div>
        </div>
      )}
    </SectionCard>
  );
}
