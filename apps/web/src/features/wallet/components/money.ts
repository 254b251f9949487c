/**
 * The amount field as the user types (spec §5): only digits survive, leading zeros go, and commas group thousands.
 * "1234567" → "1,234,567"; "" stays "".
 */
export function formatAmountInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Where the caret belongs after reformatting: after the same number of digits as before it, so typing or deleting in
 * the middle of "1,234,567" does not throw the caret to the end.
 */
export function caretAfterFormat(raw: string, caret: number, formatted: string): number {
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  // Leading zeros that were removed do not count.
  const leadingZeros = Math.min(
    raw.replace(/\D/g, '').length - raw.replace(/\D/g, '').replace(/^0+(?=\d)/, '').length,
    digitsBefore,
  );
  let wanted = digitsBefore - leadingZeros;
  if (wanted <= 0) return 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) wanted--;
    if (wanted === 0) return i + 1;
  }
  return formatted.length;
}

/** "YYYY-MM-DD" or undefined, for filters read from the address bar. */
export const isoDateOrUndefined = (value: string | null): string | undefined =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
