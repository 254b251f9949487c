import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = Array.from({ length: 10 }, (_, i) => (i + 1) / 2);

interface StarRatingProps {
  value: number | undefined;
  onChange: (value: number) => void;
  /** The visible label of the group (also its accessible name). */
  label: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Half-star rating (spec §2 "Edit Review"): ten radio buttons, 0.5 to 5, drawn as five stars whose halves are the
 * click targets. A radio group gives keyboard use (arrow keys) and screen-reader names ("3.5 stars") for free.
 */
export function StarRating({ value, onChange, label, invalid, describedBy }: StarRatingProps) {
  const { t, i18n } = useTranslation('reviews');
  const name = useId();
  const format = (n: number) => n.toLocaleString(i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-US');
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">{label}</legend>
      <div
        className={clsx(
          'inline-flex items-center gap-1 rounded-lg p-1 focus-within:ring-2 focus-within:ring-brand-700',
          invalid && 'ring-2 ring-red-700',
        )}
      >
        {[1, 2, 3, 4, 5].map((star) => {
          const fill = value === undefined ? 0 : Math.max(0, Math.min(1, value - (star - 1)));
          return (
            <span key={star} className="relative inline-block size-9">
              <Star aria-hidden className="absolute inset-0 size-9 text-slate-400" />
              <span
                aria-hidden
                className="absolute inset-y-0 left-0 overflow-hidden"
                style={{ width: `${fill * 100}%` }}
              >
                <Star className="size-9 fill-amber-400 text-amber-500" />
              </span>
              {STEPS.filter((s) => s > star - 1 && s <= star).map((step) => (
                <label
                  key={step}
                  className={clsx('absolute inset-y-0 w-1/2 cursor-pointer', step === star ? 'right-0' : 'left-0')}
                >
                  <input
                    type="radio"
                    name={name}
                    value={step}
                    checked={value === step}
                    onChange={() => onChange(step)}
                    className="sr-only"
                  />
                  <span className="sr-only">{t('stars', { count: step, value: format(step) })}</span>
                </label>
              ))}
            </span>
          );
        })}
        <span className="ms-2 min-w-10 text-sm font-medium text-slate-800" aria-hidden>
          {value === undefined ? '' : format(value)}
        </span>
      </div>
    </fieldset>
  );
}
