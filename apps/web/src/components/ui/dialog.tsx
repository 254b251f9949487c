import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useRef, type ComponentProps, type ReactNode } from 'react';
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
  /**
   * Where focus goes back when the dialog closes (issue 48): the opener. Without it, the element that had focus when
   * the dialog opened. A modal opened through the modal store has no Radix trigger, so Radix alone would leave focus
   * on the body after Escape.
   */
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
}

/**
 * The modal frame on Radix Dialog: focus trap, Escape to close, focus returned to the opener, inert background.
 * Every modal renders a DialogTitle (its accessible name) and a DialogDescription (read out after the name).
 */
export function Dialog({ open, onOpenChange, size = 'sm', returnFocusTo, children }: DialogProps) {
  const { t } = useTranslation();
  // The element that had focus when the dialog opened, read as Radix opens it (before focus moves inside).
  const opener = useRef<HTMLElement | null>(null);
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
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            // Back to the opener if it is still on the page; else Radix's own choice (its trigger, or the body).
            const target = returnFocusTo ?? opener.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
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
