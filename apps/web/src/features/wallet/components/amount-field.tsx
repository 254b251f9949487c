import type { ChangeEvent } from 'react';
import { useLayoutEffect, useRef } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { currencySymbol } from '@therapy/contracts/money';
import { caretAfterFormat, formatAmountInput } from './money';

interface AmountFieldProps {
  label: string;
  currency: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** react-hook-form's field.ref, so a failed submit focuses the field. */
  inputRef?: (node: HTMLInputElement | null) => void;
  disabled?: boolean;
}

/**
 * The top-up amount (spec §2, §5): the wallet currency's symbol in front, digits only, grouped with commas as the
 * user types ("1234" → "1,234"), the caret staying where the user is typing.
 */
export function AmountField({
  label,
  currency,
  value,
  onChange,
  onBlur,
  name,
  error,
  hint,
  inputRef,
  disabled,
}: AmountFieldProps) {
  const ownRef = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = ownRef.current;
    if (pendingCaret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const formatted = formatAmountInput(raw);
    const caret = caretAfterFormat(raw, event.target.selectionStart ?? raw.length, formatted);
    if (formatted === value) {
      // Nothing changed (a letter was typed): no render follows, so put the text and the caret back here.
      event.target.value = formatted;
      event.target.setSelectionRange(caret, caret);
      return;
    }
    pendingCaret.current = caret;
    onChange(formatted);
  };

  const setRefs = (node: HTMLInputElement | null) => {
    ownRef.current = node;
    inputRef?.(node);
  };

  const symbol = currency ? currencySymbol(currency) : '';
  return (
    <FormField label={label} error={error} hint={hint}>
      {({ invalid, ...field }) => (
        <div className="relative">
          {symbol && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base font-medium text-slate-700"
              data-testid="currency-prefix"
            >
              {symbol}
            </span>
          )}
          <Input
            {...field}
            ref={setRefs}
            invalid={invalid}
            name={name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={handleChange}
            onBlur={onBlur}
            disabled={disabled}
            placeholder="0"
            className={symbol ? (symbol.length > 1 ? 'pl-14' : 'pl-8') : undefined}
          />
        </div>
      )}
    </FormField>
  );
}
