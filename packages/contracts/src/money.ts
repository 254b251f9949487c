/**
 * Money as people read it, in one place for the web and the mails (DESIGN.md §5: integer minor units plus an ISO 4217
 * code; display divides by 100).
 */

export const currencySymbols: Record<string, string> = { NGN: '₦', GBP: '£', USD: '$', EUR: '€' };

/** The symbol the top-up field and the minimum-amount message show; a currency without one shows its code. */
export const currencySymbol = (currency: string): string => currencySymbols[currency] ?? currency;

/** Minor units in major units: 50000 → 500. */
export const majorUnits = (minor: number): number => minor / 100;

export interface MoneyFormat {
  /** "+£50.00" / "-£50.00": a ledger row shows which way the money went. */
  signed?: boolean;
  /**
   * How the currency is written: `narrowSymbol` "₦1,000.00" (the web, the default), `symbol` "NGN 1,000.00" (the
   * language's own symbol, as mails write it), `code` "NGN 1,000.00" (the sandbox checkout page).
   */
  display?: 'narrowSymbol' | 'symbol' | 'code';
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units as money in a language: 9000 USD → "$90.00" (en), "90,00 $" (de). */
export function formatMoney(minor: number, currency: string, locale: string, options: MoneyFormat = {}): string {
  const display = options.display ?? 'narrowSymbol';
  const cacheKey = `${locale}|${currency}|${display}|${options.signed ? 1 : 0}`;
  try {
    let format = formatters.get(cacheKey);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: display,
        signDisplay: options.signed ? 'exceptZero' : 'auto',
      });
      formatters.set(cacheKey, format);
    }
    return format.format(majorUnits(minor));
  } catch {
    // An unknown code: the number with the code beside it rather than a crash.
    const amount = majorUnits(minor).toFixed(2);
    return display === 'code' ? `${currency} ${amount}` : `${amount} ${currency}`;
  }
}
