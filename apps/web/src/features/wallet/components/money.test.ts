import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { caretAfterFormat, formatAmountInput } from './money';

describe('formatAmountInput', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['1000', '1,000'],
    ['1234567', '1,234,567'],
    ['1,2345', '12,345'],
    ['12a3', '123'],
    ['00500', '500'],
    ['0', '0'],
    ['1.000', '1,000'],
    ['-50', '50'],
  ])('%j → %j', (raw, formatted) => expect(formatAmountInput(raw)).toBe(formatted));
});

describe('caretAfterFormat', () => {
  it('keeps the caret after the digit just typed', () => {
    // "1,00|0" + "5" typed after the third digit → "1,0050" → "10,050", caret after "10,05".
    expect(caretAfterFormat('1,0050', 5, '10,050')).toBe(5);
  });
  it('puts the caret at the end when typing at the end', () => {
    expect(caretAfterFormat('1234', 4, '1,234')).toBe(5);
  });
  it('puts the caret at the start when everything before it was removed', () => {
    expect(caretAfterFormat('a12', 1, '12')).toBe(0);
  });
});

describe('formatMoney', () => {
  it('divides minor units by 100 and shows the currency', () => {
    expect(formatMoney(100000, 'NGN', 'en')).toBe('₦1,000.00');
    expect(formatMoney(250050, 'USD', 'en')).toBe('$2,500.50');
    expect(formatMoney(250050, 'EUR', 'de').replace(/\s/g, ' ')).toBe('2.500,50 €');
  });
  it('signs transactions when asked', () => {
    expect(formatMoney(-5000, 'GBP', 'en', { signed: true })).toBe('-£50.00');
    expect(formatMoney(5000, 'GBP', 'en', { signed: true })).toBe('+£50.00');
  });
});
