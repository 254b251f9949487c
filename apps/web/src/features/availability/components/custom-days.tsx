import type { CustomDay } from '@therapy/contracts/availability';
import { AVAILABILITY_HORIZON_DAYS } from '@therapy/contracts/constants';
import { message } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatLongDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { customDaysQuery, useDeleteCustomDay } from '../api/availability-api';
import { addDays, todayIn } from './clock';
import { CustomDayDialog } from './custom-day-dialog';
import { useClockFormat } from './use-clock-format';

interface CustomDaysProps {
  category: string | null;
  /** The provider's zone decides what "today" is; the browser's until the settings are loaded. */
  timezone: string | undefined;
  horizonDays: number | undefined;
}

/** Custom days (date overrides): the list from today on, add or edit in a dialog, delete after a confirmation. */
export function CustomDays({ category, timezone, horizonDays = AVAILABILITY_HORIZON_DAYS }: CustomDaysProps) {
  const { t, i18n } = useTranslation('availability');
  const locale = i18n.resolvedLanguage ?? 'en';
  const format = useClockFormat();
  const query = useQuery(customDaysQuery(category));
  const remove = useDeleteCustomDay(category);
  const [editing, setEditing] = useState<CustomDay | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomDay | null>(null);

  const minDate = todayIn(timezone);
  const maxDate = addDays(minDate, horizonDays);
  // Without a category the server lists every custom day; the general calendar shows only its own.
  const days = (query.data ?? [])
    .filter((d) => d.categoryIdentifier === category)
    .sort((a, b) => a.date.localeCompare(b.date));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.identifier, {
      onSuccess: (res) => {
        notify.success(res.message ?? message('customDayDeleted', currentLocale()));
        setDeleting(null);
      },
    });
  };

  const hours = (day: CustomDay) =>
    day.isAvailable && day.timeslotIntervals.length > 0
      ? day.timeslotIntervals
          .map((i) => t('intervals.range', { start: format(i.startTime), end: format(i.endTime) }))
          .join(', ')
      : t('custom.unavailable');

  return (
    <div className="flex flex-col gap-4">
      <SectionStatus
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        loadingLabel={t('loading')}
        errorText={t('custom.loadFailed')}
        retryLabel={t('retry')}
      />
      {query.data &&
        (days.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-700">
            {t('custom.empty')}
          </p>
        ) : (
          <ul
            aria-label={t('custom.list')}
            className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
          >
            {days.map((day) => {
              const date = formatLongDate(day.date, locale);
              return (
                <li
                  key={day.identifier}
                  className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{date}</p>
                    <p className="break-words text-sm text-slate-700">{hours(day)}</p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('custom.editLabel', { date })}
                      onClick={() => setEditing(day)}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      {t('custom.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('custom.deleteLabel', { date })}
                      onClick={() => setDeleting(day)}
                      className="text-red-800!"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      {t('custom.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        ))}
      <div>
        <Button onClick={() => setEditing('new')}>
          <CalendarPlus className="size-4" aria-hidden="true" />
          {t('custom.add')}
        </Button>
      </div>

      <CustomDayDialog
        day={editing}
        onClose={() => setEditing(null)}
        category={category}
        minDate={minDate}
        maxDate={maxDate}
        horizonDays={horizonDays}
      />

      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogTitle>{t('custom.deleteTitle')}</DialogTitle>
        <DialogDescription>
          {deleting ? t('custom.deleteBody', { date: formatLongDate(deleting.date, locale) }) : null}
        </DialogDescription>
        <DialogActions>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {t('custom.cancel')}
          </Button>
          <Button variant="danger" pending={remove.isPending} onClick={confirmDelete}>
            {t('custom.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
