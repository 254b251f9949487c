import { electronicFormatIBAN, extractBIC, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * Bank account identifiers a bank file needs (decision 0051), checked the same way by the form and the server: IBAN
 * and BIC with `ibantools` (ISO 13616 checksum and each country's length and pattern, ISO 9362, the EPC's list of
 * SEPA countries), the US routing number (ABA) by its own check digit.
 */

/** An IBAN as printed ("de89 3704 …") in its electronic form ("DE8937…"). */
export const ibanElectronic = (iban: string): string => electronicFormatIBAN(iban) ?? '';
export const ibanIsValid = (iban: string): boolean => isValidIBAN(ibanElectronic(iban));
/** A SEPA credit transfer reaches only accounts in the SEPA scheme's countries. */
export const ibanIsSepa = (iban: string): boolean => isSEPACountry(ibanElectronic(iban).slice(0, 2));
export const isSepaCountry = (countryCode: string | null | undefined): boolean =>
  !!countryCode && isSEPACountry(countryCode);

/** A BIC as printed ("COBA DE FF XXX") without spaces, upper case. */
export const bicElectronic = (bic: string): string => bic.replace(/\s+/g, '').toUpperCase();
export const bicIsValid = (bic: string): boolean => isValidBIC(bicElectronic(bic));
/** A bank's BIC names the country of its IBANs (ISO 9362 characters 5-6). */
export const bicMatchesIban = (bic: string, iban: string): boolean =>
  extractBIC(bicElectronic(bic)).countryCode === ibanElectronic(iban).slice(0, 2);

/**
 * An ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeated) is a multiple of 10, and whose first two
 * digits are a Federal Reserve district (00-12), a thrift (21-32), an electronic (61-72) or the traveler's-cheque
 * prefix (80), as the ABA assigns them.
 */
export function routingNumberIsValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const prefix = Number(routing.slice(0, 2));
  if (!(prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80))
    return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return sum % 10 === 0;
}
