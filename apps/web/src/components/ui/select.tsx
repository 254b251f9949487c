import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

export interface SelectProps extends ComponentProps<'select'> {
  invalid?: boolean;
}

/** A styled native select: the platform's picker is the most accessible one on phones and with screen readers. */
export function Select({ invalid, className, children, ...rest }: SelectProps) {
  return (
    <div className="relative">
      <select
        aria-invalid={invalid || undefined}
        className={clsx(
          'block h-11 w-full min-w-0 appearance-none rounded-lg border bg-white pl-3 pr-10 text-base text-slate-900',
          'disabled:bg-slate-100 disabled:text-slate-600',
          invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600',
          className,
        )}
        {...rest}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-slate-600"
        aria-hidden="true"
      />
    </div>
  );
}
