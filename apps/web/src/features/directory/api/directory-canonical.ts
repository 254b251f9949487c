/**
 * A state's search is a page of its own for search engines (`/therapists/?state=NY`, rendered with its therapists);
 * the other filters, the sort and the page number are views of it, so its canonical address keeps only the state.
 */
export function directoryCanonicalSearch(search: URLSearchParams): string {
  const state = (search.get('state') ?? '').toUpperCase();
  return /^[A-Z]{2}$/.test(state) ? new URLSearchParams({ state }).toString() : '';
}
