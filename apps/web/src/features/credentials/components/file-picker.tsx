import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

export interface PickedFile {
  file: File;
  /** The message key of the rule the file breaks (type or size), checked before upload; undefined when fine. */
  problem: string | undefined;
}

/**
 * A file input that looks like a button: the real input stays in the tab order (visually hidden), so the keyboard and
 * screen readers use the browser's own control; its label is the visible text.
 */
export function FilePicker({
  label,
  accept,
  multiple,
  disabled,
  describedBy,
  onPick,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  describedBy?: string;
  onPick: (files: File[]) => void;
}) {
  return (
    <label
      className={clsx(
        buttonClasses({ variant: 'secondary' }),
        'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <Upload className="size-4" aria-hidden="true" />
      {label}
      <input
        type="file"
        className="sr-only"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared, so choosing the same file again after removing it fires again.
          e.target.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
    </label>
  );
}
