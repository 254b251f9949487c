import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { FieldError } from './form-field';

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  error?: string;
}

export function Checkbox({ label, error, className, id: givenId, ...rest }: CheckboxProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx('mt-0.5 size-5 shrink-0 rounded accent-brand-700', error && 'outline outline-red-700')}
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
