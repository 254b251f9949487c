import type { TimeInterval } from '@therapy/contracts/availability';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { END_TIMES, START_TIMES, isEndDisabled, isStartDisabled, nextInterval, withStart, withTime } from './clock';
import { useClockFormat } from './use-clock-format';

interface IntervalEditorProps {
  /** Names the day in every control's label, e.g. "Monday interval 1 start". */
  dayLabel: string;
  intervals: TimeInterval[];
  onChange: (intervals: TimeInterval[]) => void;
  invalid?: boolean;
  /** The id of the day's error text, read out with every select. */
  errorId?: string;
  disabled?: boolean;
}

/**
 * One day's time intervals (spec §5 "Availability time slots"): each a start and an end select in 5-minute steps,
 * times that would run backwards disabled, "Add interval" continuing where the last interval ends.
 */
export function IntervalEditor({ dayLabel, intervals, onChange, invalid, errorId, disabled }: IntervalEditorProps) {
  const { t } = useTranslation('availability');
  const format = useClockFormat();
  const baseId = useId();
  const next = nextInterval(intervals);

  const focusLater = (id: string) => {
    // After React has rendered the new row (or removed the old one).
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };

  const update = (index: number, interval: TimeInterval) =>
    onChange(intervals.map((current, k) => (k === index ? interval : current)));

  const add = () => {
    if (!next) return;
    onChange([...intervals, next]);
    focusLater(`${baseId}-${intervals.length}-start`);
  };

  const remove = (index: number) => {
    onChange(intervals.filter((_, k) => k !== index));
    const remaining = intervals.length - 1;
    focusLater(remaining > 0 ? `${baseId}-${Math.min(index, remaining - 1)}-start` : `${baseId}-add`);
  };

  return (
    <div className="flex flex-col gap-3">
      {intervals.length === 0 ? (
        <p className="text-sm text-slate-700">{t('intervals.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('intervals.label', { day: dayLabel })}>
          {intervals.map((interval, index) => {
            const labels = { day: dayLabel, index: index + 1 };
            return (
              <li
                key={index}
                className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1 sm:max-w-md sm:gap-2"
              >
                <Select
                  id={`${baseId}-${index}-start`}
                  aria-label={t('intervals.start', labels)}
                  aria-describedby={invalid ? errorId : undefined}
                  invalid={invalid}
                  disabled={disabled}
                  value={interval.startTime}
                  onChange={(event) => update(index, withStart(interval, event.target.value))}
                  className="pl-2! pr-8! sm:pl-2.5!"
                >
                  {withTime(START_TIMES, interval.startTime).map((value) => (
                    <option key={value} value={value} disabled={isStartDisabled(value, intervals, index)}>
                      {format(value)}
                    </option>
                  ))}
                </Select>
                <span aria-hidden="true" className="text-slate-600">
                  –
                </span>
                <Select
                  id={`${baseId}-${index}-end`}
                  aria-label={t('intervals.end', labels)}
                  aria-describedby={invalid ? errorId : undefined}
                  invalid={invalid}
                  disabled={disabled}
                  value={interval.endTime}
                  onChange={(event) => update(index, { ...interval, endTime: event.target.value })}
                  className="pl-2! pr-8! sm:pl-2.5!"
                >
                  {withTime(END_TIMES, interval.endTime).map((value) => (
                    <option key={value} value={value} disabled={isEndDisabled(value, intervals, index)}>
                      {format(value)}
                    </option>
                  ))}
                </Select>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={t('intervals.remove', labels)}
                  className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 sm:size-11 hover:bg-red-50 hover:text-red-800 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button id={`${baseId}-add`} variant="secondary" size="sm" onClick={add} disabled={disabled || !next}>
          <Plus className="size-4" aria-hidden="true" />
          {t('intervals.add')}
        </Button>
      </div>
    </div>
  );
}
