import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** What is quoted back (the reason the provider will read), shown under the description. */
  quote?: string | undefined;
  confirmLabel: string;
  cancelLabel: string;
  /** Approving reads as the primary action; rejecting and suspending as a danger. */
  tone: 'primary' | 'danger';
  pending: boolean;
  /** The server's refusal, shown in the dialog so the operator reads it where they acted. */
  error: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The desk's confirmation step on the shared Radix dialog (components/ui/dialog: focus trap, Escape, focus returned to
 * the opener). It lives with the desk and not in the modal store, because the step belongs to the form under it
 * (the reason typed there stays while the dialog is open and after Cancel).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  quote,
  confirmLabel,
  cancelLabel,
  tone,
  pending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <div aria-busy={pending || undefined}>
        <DialogTitle className="break-words">{title}</DialogTitle>
        <DialogDescription className="break-words">{description}</DialogDescription>
        {quote && (
          <blockquote className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm whitespace-pre-line break-words text-slate-900">
            {quote}
          </blockquote>
        )}
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
