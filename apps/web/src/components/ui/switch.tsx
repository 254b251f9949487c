import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

/** An on/off toggle (role=switch): Space and Enter flip it because it is a real button. */
export function Switch({ checked, onCheckedChange, label, description, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-medium text-slate-900">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="block text-sm text-slate-600">
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={clsx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
          checked ? 'bg-brand-700' : 'bg-slate-500',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            'inline-block size-6 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </button>
    </div>
  );
}
