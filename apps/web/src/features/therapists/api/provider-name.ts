import type { ProviderSummary } from '@therapy/contracts/profile';

/** "Dr. Ada Lovelace": the page heading, the photo's alt text and the document title say the same name. */
export function providerDisplayName(provider: Pick<ProviderSummary, 'title' | 'firstName' | 'lastName'>): string {
  return [provider.title, provider.firstName, provider.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
