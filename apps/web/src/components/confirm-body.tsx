import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { DialogActions, DialogDescription, DialogTitle } from './ui/dialog';

/**
 * A confirmation inside a modal: the question, what it means, the server's refusal if any, Cancel and the (danger)
 * action. Deleting a note or a message and resetting the calendar address use it.
 */
export function ConfirmBody({
  title,
  description,
  error,
  pending,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  title: ReactNode;
  description: ReactNode;
  error: string | undefined;
  pending: boolean;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <div aria-busy={pending}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className="break-words">{description}</DialogDescription>
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant="danger" pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </div>
  );
}
