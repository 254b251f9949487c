import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { ReferenceList } from '@therapy/contracts/reference';

/** The lists the filters offer (directory-route.tsx `Filters`), so their selects show the URL's choices at once. */
const FILTER_LISTS: ReferenceList[] = ['therapy-category', 'modality', 'speciality', 'gender', 'religion', 'ethnicity'];

/**
 * Issue 49: the server renders the directory with the first page of results for the filters in the URL
 * (`/therapists/?state=NY&therapy=couples`), the state's name and the filters' lists: the same queries, with the same
 * keys, the page asks for, so the browser hydrates them without asking again. Without a state the page asks for one
 * (nothing to fetch).
 */
export async function prefetchDirectory(queryClient: QueryClient, _params: Params, search: URLSearchParams) {
  if (!search.get('state')) return;
  // Loaded here, not imported: the directory's contract stays out of the landing page's JavaScript (router.tsx).
  const [{ directoryQuery, queryFromParams }, { languagesQuery, referenceListQuery, usStatesQuery }] =
    await Promise.all([import('./directory-api'), import('@/lib/regions')]);
  await Promise.all([
    queryClient.prefetchQuery(directoryQuery(queryFromParams(search))),
    queryClient.prefetchQuery(usStatesQuery()),
    queryClient.prefetchQuery(languagesQuery()),
    ...FILTER_LISTS.map((list) => queryClient.prefetchQuery(referenceListQuery(list))),
  ]);
}
