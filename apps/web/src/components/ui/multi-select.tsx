import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from '@headlessui/react';
import { clsx } from 'clsx';
import { Check, ChevronDown, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { FieldError } from './form-field';
import { inputClasses } from './input';

export interface MultiSelectOption {
  value: string;
  label: string;
}

interface MultiSelectProps {
  label: string;
  options: MultiSelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  /** Shown instead of the field while the options load, fail or are empty. */
  status?: ReactNode;
  placeholder: string;
  noMatch: string;
  /** The accessible name of a chip's remove button, e.g. "Remove German". */
  removeLabel: (label: string) => string;
  /** Names the list of chosen items for screen readers, e.g. "2 selected". */
  selectedLabel: (count: number) => string;
}

/**
 * A searchable multi-select (Headless UI Combobox with `multiple`): type to filter, Enter or click toggles an option,
 * the list stays open for more; chosen items show as chips with their own remove buttons. Renders the same on the
 * server and in the browser (no window or document during render).
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  error,
  status,
  placeholder,
  noMatch,
  removeLabel,
  selectedLabel,
}: MultiSelectProps) {
  const [query, setQuery] = useState('');
  const errorId = `${useId()}-error`;
  const needle = query.trim().toLocaleLowerCase();
  const filtered = needle ? options.filter((o) => o.label.toLocaleLowerCase().includes(needle)) : options;
  const byValue = new Map(options.map((o) => [o.value, o]));
  const chosen = value.map((v) => byValue.get(v)).filter((o): o is MultiSelectOption => !!o);

  return (
    <Field className="min-w-0">
      <Label className="mb-1.5 block text-sm font-medium text-slate-800">{label}</Label>
      {status ?? (
        <>
          <Combobox
            multiple
            immediate
            value={value}
            onChange={(next: string[]) => onChange(next)}
            onClose={() => setQuery('')}
          >
            <div className="relative">
              <ComboboxInput
                className={inputClasses(!!error, 'pr-10')}
                placeholder={placeholder}
                aria-describedby={error ? errorId : undefined}
                aria-invalid={error ? true : undefined}
                onChange={(event) => setQuery(event.target.value)}
              />
              <ComboboxButton
                aria-label={label}
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-600"
              >
                <ChevronDown className="size-5" aria-hidden="true" />
              </ComboboxButton>
            </div>
            <ComboboxOptions
              anchor="bottom start"
              className="z-50 max-h-72 w-(--input-width) overflow-auto rounded-lg border border-slate-300 bg-white p-1 shadow-lg [--anchor-gap:4px] empty:invisible"
            >
              {filtered.length === 0 ? (
                <div className="px-3 py-2 text-sm text-slate-700">{noMatch}</div>
              ) : (
                filtered.map((option) => (
                  <ComboboxOption
                    key={option.value}
                    value={option.value}
                    className="group flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 data-focus:bg-brand-50"
                  >
                    <Check
                      className="invisible size-4 shrink-0 text-brand-700 group-data-selected:visible"
                      aria-hidden="true"
                    />
                    <span className="min-w-0 break-words">{option.label}</span>
                  </ComboboxOption>
                ))
              )}
            </ComboboxOptions>
          </Combobox>
          {chosen.length > 0 && (
            <ul aria-label={`${label}: ${selectedLabel(chosen.length)}`} className="mt-2 flex flex-wrap gap-2">
              {chosen.map((option) => (
                <li
                  key={option.value}
                  className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900"
                >
                  <span className="min-w-0 break-words">{option.label}</span>
                  <button
                    type="button"
                    aria-label={removeLabel(option.label)}
                    onClick={() => onChange(value.filter((v) => v !== option.value))}
                    className={clsx('flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-brand-100')}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <FieldError id={errorId} message={error} />
    </Field>
  );
}
