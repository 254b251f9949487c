import type { BlockedDay } from '@therapy/contracts/calendar-view';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { useMarkFree } from '../api/calendar-view-api';

/**
 * The days off of the shown range, each with "Mark as free" (the custom day is deleted; the weekly hours apply
 * again). Clicking a day off in the calendar brings its button here into focus, so mouse and keyboard do the same.
 */
export function BlockedDays({ days, chosen }: { days: BlockedDay[]; chosen: string | null }) {
  const { t, i18n } = useTranslation('calendar-view');
  const markFree = useMarkFree();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-US', {
    dateStyle: 'full',
    timeZone: 'UTC',
  });

  useEffect(() => {
    if (chosen) buttons.current.get(chosen)?.focus();
  }, [chosen]);

  if (days.length === 0) return null;
  return (
    <section aria-labelledby="cv-blocked-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="cv-blocked-title" className="text-base font-semibold text-slate-900">
        {t('blocked.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('blocked.lead')}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {days.map((day) => {
          const label = format.format(new Date(`${day.date}T00:00:00Z`));
          return (
            <li key={day.identifier} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm text-slate-800">
                {label}
                {day.categoryIdentifier ? ` (${t('blocked.oneTherapy')})` : ''}
              </span>
              <Button
                ref={(el) => {
                  if (el) buttons.current.set(day.identifier, el);
                  else buttons.current.delete(day.identifier);
                }}
                size="sm"
                variant="secondary"
                pending={markFree.isPending && markFree.variables === day.identifier}
                aria-label={t('blocked.markFreeOn', { date: label })}
                onClick={() =>
                  markFree.mutate(day.identifier, {
                    onSuccess: () => notify.success(t('blocked.freed', { date: label })),
                    onError: (error) => notify.error(errorMessage(error)),
                  })
                }
              >
                {t('blocked.markFree')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
