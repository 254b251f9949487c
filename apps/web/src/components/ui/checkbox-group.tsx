import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { FieldError } from './form-field';

export interface CheckboxOption {
  value: string;
  label: string;
}

interface CheckboxGroupProps {
  legend: ReactNode;
  options: CheckboxOption[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  /** Shown instead of the options while they load or when there are none. */
  status?: ReactNode;
  /** Renders as a disclosure (<details>), closed until opened, with the number of chosen options in its summary. */
  collapsible?: boolean;
  /** Text for the summary's count, e.g. "2 selected". */
  selectedLabel?: (count: number) => string;
  defaultOpen?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A set of checkboxes for a multi-valued field: a fieldset named by its legend, each option a real checkbox (Space
 * toggles, Tab moves), the error tied to the group with aria-describedby.
 */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  status,
  collapsible,
  selectedLabel,
  defaultOpen,
  disabled,
  className,
}: CheckboxGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const chosen = new Set(value);
  const toggle = (option: string, checked: boolean) => {
    onChange(checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option));
  };

  const list = status ?? (
    <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      {options.map((option) => {
        const optionId = `${id}-${option.value}`;
        return (
          <li key={option.value} className="flex min-w-0 items-start gap-3">
            <input
              id={optionId}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 rounded accent-brand-700"
              checked={chosen.has(option.value)}
              disabled={disabled}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <label htmlFor={optionId} className="min-w-0 break-words text-sm text-slate-800">
              {option.label}
            </label>
          </li>
        );
      })}
    </ul>
  );

  const fieldset = (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="min-w-0"
    >
      <legend className={clsx(collapsible ? 'sr-only' : 'mb-2 text-sm font-medium text-slate-800')}>{legend}</legend>
      {list}
    </fieldset>
  );

  if (!collapsible) {
    return (
      <div className={clsx('min-w-0', className)}>
        {fieldset}
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  return (
    <div className={clsx('min-w-0', className)}>
      <details className="group rounded-xl border border-slate-200" open={defaultOpen || !!error || undefined}>
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0 break-words">
            {legend}
            {selectedLabel && value.length > 0 && (
              <span className="ml-2 font-normal text-slate-600">({selectedLabel(value.length)})</span>
            )}
          </span>
          <ChevronDown
            className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <div className="border-t border-slate-200 px-4 py-3">{fieldset}</div>
      </details>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
