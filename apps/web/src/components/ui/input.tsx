import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export const inputClasses = (invalid?: boolean, className?: string) =>
  clsx(
    'block w-full min-w-0 rounded-lg border bg-white px-3 h-11 text-base text-slate-900 placeholder:text-slate-500',
    'disabled:bg-slate-100 disabled:text-slate-600',
    invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600',
    className,
  );

export interface InputProps extends ComponentProps<'input'> {
  invalid?: boolean;
}

export function Input({ invalid, className, ...rest }: InputProps) {
  return <input aria-invalid={invalid || undefined} className={inputClasses(invalid, className)} {...rest} />;
}
