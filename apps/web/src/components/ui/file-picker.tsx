import { clsx } from 'clsx';
import { Upload, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';

/**
 * A file input that looks like a button: the real input stays in the tab order (visually hidden), so the keyboard and
 * screen readers use the browser's own control; its label is the visible text. Credentials, notes and the CSV import
 * use it.
 */
export function FilePicker({
  label,
  accept,
  multiple,
  disabled,
  describedBy,
  variant = 'secondary',
  icon: Icon = Upload,
  className,
  onPick,
}: {
  label: ReactNode;
  accept: string;
  multiple?: boolean | undefined;
  disabled?: boolean | undefined;
  describedBy?: string | undefined;
  variant?: 'primary' | 'secondary';
  icon?: LucideIcon;
  className?: string | undefined;
  onPick: (files: File[]) => void;
}) {
  return (
    <label
      className={clsx(
        buttonClasses({ variant }),
        'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
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
          // Cleared, so choosing the same file again (after removing or fixing it) fires again.
          e.target.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
    </label>
  );
}
