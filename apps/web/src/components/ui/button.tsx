import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 shadow-sm',
  secondary: 'bg-white text-slate-900 border border-slate-300 hover:bg-slate-100 shadow-sm',
  ghost: 'bg-transparent text-slate-800 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
  link: 'bg-transparent text-brand-700 underline-offset-2 hover:underline px-0! py-0! h-auto!',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-base',
  lg: 'h-12 px-6 text-base',
};

/** Shared with links that look like buttons (calls to action that navigate). */
export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {},
) {
  const { variant = 'primary', size = 'md', fullWidth, className } = options;
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium no-underline! transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner and blocks further clicks while a request runs. */
  pending?: boolean;
}

export function Button({
  variant,
  size,
  fullWidth,
  pending = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...rest}
    >
      {pending && <Spinner size="sm" />}
      {children}
    </button>
  );
}
