import type { AvailabilitySetup, CalendarSetupType } from '@therapy/contracts/availability';
import { calendarSetupTypes } from '@therapy/contracts/availability';
import { message } from '@therapy/contracts/messages';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useSaveSetupType } from '../api/availability-api';
import { SaveStatus } from './save-status';

export interface CategoryOption {
  value: string;
  label: string;
}

interface CalendarSetupProps {
  setup: AvailabilitySetup;
  categories: CategoryOption[];
  category: string | null;
  onCategoryChange: (category: string) => void;
}

const labels: Record<
  CalendarSetupType,
  { title: 'setup.general' | 'setup.byCategory'; hint: 'setup.generalHint' | 'setup.byCategoryHint' }
> = {
  GENERAL: { title: 'setup.general', hint: 'setup.generalHint' },
  BY_CATEGORY: { title: 'setup.byCategory', hint: 'setup.byCategoryHint' },
};

/**
 * Spec §4 "calendarSetupType decides whether availability is per category or general": a radio group that saves at
 * once (it changes what the editors below edit), and the therapy whose plan is edited when it is per category.
 */
export function CalendarSetup({ setup, categories, category, onCategoryChange }: CalendarSetupProps) {
  const { t } = useTranslation('availability');
  const name = useId();
  const save = useSaveSetupType();
  const [saved, setSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // "By therapy" chosen while the profile lists no therapy: the server would refuse it, so the hint says what to do.
  const [needsTherapies, setNeedsTherapies] = useState(false);
  // While the change is on its way the choice already shows, so the radio group does not jump back.
  const current =
    save.isPending && save.variables ? save.variables : needsTherapies ? 'BY_CATEGORY' : setup.calendarSetupType;
  const byCategory = current === 'BY_CATEGORY';

  const choose = (type: CalendarSetupType) => {
    if (save.isPending) return;
    setSaved(false);
    setServerError(null);
    setNeedsTherapies(type === 'BY_CATEGORY' && categories.length === 0 && setup.calendarSetupType !== 'BY_CATEGORY');
    if (type === setup.calendarSetupType || (type === 'BY_CATEGORY' && categories.length === 0)) return;
    save.mutate(type, {
      onSuccess: ({ message: text }) => {
        setSaved(true);
        notify.success(text ?? message('dataSaved', currentLocale()));
      },
      onError: (error) => setServerError(errorMessage(error)),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <fieldset aria-busy={save.isPending || undefined}>
        <legend className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-800">
          {t('setup.legend')}
          {save.isPending && <Spinner size="sm" className="text-brand-700" />}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {calendarSetupTypes.map((type) => {
            const checked = current === type;
            return (
              <label
                key={type}
                className={clsx(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
                  checked ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white hover:border-slate-500',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={type}
                  checked={checked}
                  onChange={() => choose(type)}
                  aria-describedby={`${name}-${type}-hint`}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{t(labels[type].title)}</span>
                  <span id={`${name}-${type}-hint`} className="mt-0.5 block text-sm text-slate-700">
                    {t(labels[type].hint)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        <div className="mt-2">
          <SaveStatus saved={saved} error={serverError} />
        </div>
      </fieldset>

      {byCategory &&
        (categories.length === 0 ? (
          <Alert
            tone="warning"
            title={t('setup.noCategoriesTitle')}
            action={
              <Link to="/account" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                {t('setup.addTherapies')}
              </Link>
            }
          >
            {t('setup.noCategories')}
          </Alert>
        ) : (
          <FormField label={t('setup.category')} hint={t('setup.categoryHint')} className="sm:max-w-sm">
            {({ invalid, ...field }) => (
              <Select
                {...field}
                invalid={invalid}
                value={category ?? ''}
                onChange={(event) => onCategoryChange(event.target.value)}
              >
                {categories.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ))}
    </div>
  );
}
