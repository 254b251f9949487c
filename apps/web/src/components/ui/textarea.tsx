import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** A multi-line text field in the inputs' look (notes, chat messages). */
export function TextArea({
  invalid,
  className,
  ...rest
}: ComponentProps<'textarea'> & { invalid?: boolean | undefined }) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={clsx(
        'block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500',
        invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600',
        className,
      )}
      {...rest}
    />
  );
}
