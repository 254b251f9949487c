import { EMAIL_CODE_LENGTH } from '@therapy/contracts/constants';
import { clsx } from 'clsx';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  /** Id of the visible label (or legend) naming the whole code. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * One box per character (spec §5 "Update email"): typing moves to the next box, Backspace on an empty box goes
 * back, and pasting exactly `length` characters fills every box. A paste of any other length is ignored, because
 * a partial code spread over the boxes would only look complete.
 */
export function CodeInput({
  value,
  onChange,
  length = EMAIL_CODE_LENGTH,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  autoFocus,
}: CodeInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // Boxes keep their own positions so clearing a middle box leaves a gap instead of shifting later characters;
  // the form value is the characters joined, so a gap makes it too short and the schema rejects it.
  const [chars, setChars] = useState(() => split(value, length));
  const external = split(value, length);
  if (chars.join('') !== external.join('')) setChars(external);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const setChar = (index: number, char: string) => {
    const next = [...chars];
    next[index] = char;
    setChars(next);
    onChange(next.join(''));
  };

  const handleInput = (index: number, raw: string) => {
    const char = raw.replace(/\s/g, '').slice(-1);
    if (!char) return;
    setChar(index, char);
    if (index < length - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (chars[index]) {
        setChar(index, '');
      } else if (index > 0) {
        setChar(index - 1, '');
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = (event.clipboardData.getData('text/plain') || event.clipboardData.getData('text')).trim();
    if (text.length !== length) return;
    setChars(split(text, length));
    onChange(text);
    focusBox(length - 1);
  };

  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="flex gap-2 sm:gap-3">
      {chars.map((char, index) => (
        <input
          // Boxes never reorder, so the index is a stable key.
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          value={char}
          onChange={(e) => handleInput(index, e.target.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={handlePaste}
          onFocus={(e) => e.target.select()}
          inputMode="text"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={2}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          aria-label={t('ui.codeCharacter', { index: index + 1, total: length })}
          aria-invalid={invalid || undefined}
          className={clsx(
            'h-12 w-10 min-w-0 rounded-lg border bg-white text-center text-xl font-semibold text-slate-900 sm:h-14 sm:w-12',
            invalid ? 'border-red-700' : 'border-slate-500',
          )}
        />
      ))}
    </div>
  );
}

function split(value: string, length: number): string[] {
  return Array.from({ length }, (_, i) => value[i] ?? '');
}
