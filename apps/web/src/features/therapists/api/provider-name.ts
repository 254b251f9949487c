/** "Dr Ada Lovelace": the page heading, the photo's alt text and the document title say the same name (issue 48). */
export { providerDisplayName } from '@therapy/contracts/names';
