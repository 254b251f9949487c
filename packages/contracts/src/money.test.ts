import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from './money.ts';

// ICU writes a no-break space between number and symbol in some languages; the tests compare the visible text.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney: one money format for the web and the mails', () => {
  it('writes minor units in the language, with the narrow symbol by default', () => {
    expect(formatMoney(100000, 'NGN', 'en')).toBe('₦1,000.00');
    expect(formatMoney(250050, 'USD', 'en')).toBe('$2,500.50');
    expect(plain(formatMoney(250050, 'EUR', 'de'))).toBe('2.500,50 €');
    expect(formatMoney(-5000, 'GBP', 'en', { signed: true })).toBe('-£50.00');
    expect(formatMoney(5000, 'GBP', 'en', { signed: true })).toBe('+£50.00');
  });

  it("writes the language's own symbol for mails and the code for the checkout page", () => {
    expect(plain(formatMoney(100000, 'NGN', 'en', { display: 'symbol' }))).toBe('NGN 1,000.00');
    expect(plain(formatMoney(100000, 'EUR', 'de', { display: 'symbol' }))).toBe('1.000,00 €');
    expect(plain(formatMoney(50000, 'NGN', 'en', { display: 'code' }))).toBe('NGN 500.00');
  });

  it('does not crash on a code Intl does not know', () => {
    expect(formatMoney(1234, 'XX', 'en')).toBe('12.34 XX');
    expect(formatMoney(1234, 'XX', 'en', { display: 'code' })).toBe('XX 12.34');
  });

  it('knows the symbols of the supported currencies', () => {
    expect(['NGN', 'GBP', 'USD', 'EUR'].map(currencySymbol)).toEqual(['₦', '£', '$', '€']);
    expect(currencySymbol('CHF')).toBe('CHF');
  });
});
