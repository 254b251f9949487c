/**
 * A therapist's name as every public page writes it (issue 48): with the professional title when there is one,
 * "Dr Lena Hoffmann", in the directory's listing, the home page's listing, the therapist's page, its document title
 * and its search description alike. One function, so no page writes "Lena Hoffmann" where another writes "Dr Lena
 * Hoffmann". Empty parts are left out; an empty result is the caller's to replace ("Therapist").
 */
export function providerDisplayName(provider: {
  title?: string | null | undefined;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}): string {
  return [provider.title, provider.firstName, provider.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
