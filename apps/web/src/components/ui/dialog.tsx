import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type DialogSize = 'sm' | 'md' | 'lg';

const widths: Record<DialogSize, string> = {
  sm: 'max-w-md',
  md: 'max-w-xl',
  lg: 'max-w-3xl',
};

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  size?: DialogSize;
  children: ReactNode;
}

/**
 * The modal frame on Radix Dialog: focus trap, Escape to close, focus returned to the opener, inert background.
 * Every modal renders a DialogTitle (its accessible name) and a DialogDescription (read out after the name).
 */
export function Dialog({ open, onOpenChange, size = 'sm', children }: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={clsx(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-2xl bg-white p-5 shadow-xl sm:p-6',
            widths[size],
          )}
        >
          {children}
          <RadixDialog.Close
            className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label={t('ui.close')}
          >
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function DialogTitle({ className, ...rest }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={clsx('pr-10 text-xl font-semibold text-slate-900', className)} {...rest} />;
}

export function DialogDescription({ className, ...rest }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={clsx('mt-2 text-sm text-slate-700', className)} {...rest} />;
}

export function DialogActions({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={clsx('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)} {...rest} />;
}
