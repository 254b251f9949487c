import { clsx } from 'clsx';
import { FileSpreadsheet } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/**
 * A file input that looks like a button: the real input stays in the tab order (visually hidden), so the keyboard and
 * screen readers use the browser's own control; its label is the visible text.
 */
export function CsvFilePicker({ label, disabled, describedBy, variant = 'primary', onPick }: { label: string; disabled?: boolean; describedBy?: string; variant?: 'primary' | 'secondary'; onPick: (file: File) => void }) {
  return (
    <label
      className={clsx(
        buttonClasses({ variant }),
        'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2',
        disabled && 'pointer-events-none opacity-60',
      )}
    >
      <FileSpreadsheet className="size-4" aria-hidden="true" />
      {label}
      <input
        type="file"
        className="sr-only"
        accept=".csv,text/csv"
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) fires again.
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
    </label>
  );
}
