import { localize } from '@therapy/contracts/messages';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { isLocale } from '@/lib/i18n';
import { useTranslation } from 'react-i18next';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  invalid: boolean;
}

interface FormFieldProps {
  label: ReactNode;
  /** A message key from a contract schema, or a text from the server (already localised). */
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  const { i18n } = useTranslation();
  if (!message) return null;
  // A schema's issue carries the catalogue key; the form shows its text in the page's language, as the server would.
  const text = localize(message, isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {text}
    </p>
  );
}

/** Label + control + hint + error, linked by id and aria-describedby so screen readers read them together. */
export function FormField({ label, error, hint, optional, className, children }: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = clsx(hint && hintId, error && errorId) || undefined;
  return (
    <div className={clsx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-600">({t('ui.optional')})</span>}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, invalid: !!error })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
