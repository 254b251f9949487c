import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { clsx } from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '@/components/ui/form-field';
import { entryOf, groupZones } from './timezone-list';

interface TimezoneComboboxProps {
  /** From FormField: id (ties the label to the input), aria-describedby, aria-invalid, invalid. */
  field: FieldControlProps;
  value: string | null | undefined;
  /** The IANA name; null when the field may be empty and the user cleared it. */
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  zones: { suggested: string[]; others: string[] };
  /** The suggested group's heading ("Suggested for your country"). */
  suggestedLabel: string;
  /** The field may be cleared (the profile's optional zone): the first option, with this text ("Not set"). */
  noneLabel?: string;
  disabled?: boolean;
  name?: string;
}

/**
 * The time-zone select (decision 0015): type a city, a region, the zone's name in the page's language or an offset
 * ("+05:30"); the list is grouped by region and each zone shows its name and current offset. Headless UI's combobox
 * gives the ARIA combobox pattern: arrows move, Enter chooses, Escape closes, the list is read as a listbox.
 */
export function TimezoneCombobox({
  field,
  value,
  onChange,
  onBlur,
  zones,
  suggestedLabel,
  noneLabel,
  disabled,
  name,
}: TimezoneComboboxProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const [query, setQuery] = useState('');
  const baseId = useId();
  const groups = useMemo(() => groupZones(zones, locale, query), [zones, locale, query]);
  const count = groups.reduce((n, g) => n + g.entries.length, 0);
  const { invalid, id, ...aria } = field;

  const label = (zone: string | null) => {
    if (!zone) return '';
    const entry = entryOf(zone, locale);
    return [entry.city, entry.name, entry.offset].filter(Boolean).join(' · ');
  };

  return (
    <Combobox
      value={value ?? null}
      onChange={(next: string | null) => {
        if (next || noneLabel) onChange(next);
      }}
      onClose={() => setQuery('')}
      disabled={disabled}
      name={name}
      immediate
    >
      <div className="relative">
        <ComboboxInput
          id={id}
          {...aria}
          aria-invalid={invalid || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('timezone.placeholder')}
          displayValue={label}
          onChange={(event) => setQuery(event.target.value)}
          onBlur={onBlur}
          className={clsx(
            'block h-11 w-full min-w-0 truncate rounded-lg border bg-white pl-3 pr-10 text-base text-slate-900',
            'disabled:bg-slate-100 disabled:text-slate-600',
            invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600',
          )}
        />
        <ComboboxButton
          aria-label={t('timezone.showAll')}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-600"
        >
          <ChevronDown className="size-5" aria-hidden="true" />
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor={{ to: 'bottom start', gap: 4 }}
        className="z-50 max-h-80 w-(--input-width) min-w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg empty:invisible"
      >
        {noneLabel && query === '' && (
          <ComboboxOption value={null} className="cursor-default px-3 py-2 text-slate-700 data-focus:bg-brand-50">
            {noneLabel}
          </ComboboxOption>
        )}
        {count === 0 && <div className="px-3 py-2 text-sm text-slate-700">{t('timezone.noMatch')}</div>}
        {groups.map((group) => {
          const headingId = `${baseId}-${group.key}`;
          return (
            <div key={group.key} role="group" aria-labelledby={headingId}>
              <div
                id={headingId}
                role="presentation"
                className="sticky top-0 bg-slate-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-700"
              >
                {group.key === 'suggested'
                  ? suggestedLabel
                  : t(`timezone.regions.${group.key}`, { defaultValue: group.key })}
              </div>
              {group.entries.map((entry) => (
                <ComboboxOption
                  key={entry.id}
                  value={entry.id}
                  className="group flex cursor-default items-start gap-2 px-3 py-2 text-slate-900 data-focus:bg-brand-50"
                >
                  <Check
                    className="mt-0.5 size-4 shrink-0 text-brand-700 invisible group-data-selected:visible"
                    aria-hidden="true"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block">
                      {entry.city}
                      {entry.name && <span className="text-slate-700"> · {entry.name}</span>}
                    </span>{' '}
                    <span className="block text-sm text-slate-600">
                      {entry.offset}
                      <span className="sr-only">, {entry.id}</span>
                    </span>
                  </span>
                </ComboboxOption>
              ))}
            </div>
          );
        })}
      </ComboboxOptions>
      <span className="sr-only" aria-live="polite">
        {query ? t('timezone.results', { count }) : ''}
      </span>
    </Combobox>
  );
}
