import { FileSpreadsheet } from 'lucide-react';
import { FilePicker } from '@/components/ui/file-picker';

/** The shared file picker for one CSV file. */
export function CsvFilePicker({
  label,
  disabled,
  describedBy,
  variant = 'primary',
  onPick,
}: {
  label: string;
  disabled?: boolean;
  describedBy?: string;
  variant?: 'primary' | 'secondary';
  onPick: (file: File) => void;
}) {
  return (
    <FilePicker
      label={label}
      accept=".csv,text/csv"
      icon={FileSpreadsheet}
      variant={variant}
      disabled={disabled}
      describedBy={describedBy}
      onPick={(files) => onPick(files[0]!)}
    />
  );
}
