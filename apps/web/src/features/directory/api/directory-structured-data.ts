import type { QueryClient } from '@tanstack/react-query';
import type { ItemList, WithContext } from 'schema-dts';
import { providerDisplayName } from '@therapy/contracts/names';
import { localePrefix } from '@/lib/locale-path';
import type { PageAddress } from '@/lib/structured-data';

/**
 * Issue 49: a state's directory page for search engines (schema.org JSON-LD): an `ItemList` of the therapists on
 * the page as rendered, in their order, each by the address of their page in the page's language. Nothing without
 * a state (the page lists no one) or when the search had no answer.
 */
export async function directoryStructuredData(
  queryClient: QueryClient,
  search: URLSearchParams,
  page: PageAddress,
): Promise<WithContext<ItemList> | undefined> {
  if (!search.get('state')) return undefined;
  // Loaded here, not imported: the directory's contract stays out of the landing page's JavaScript (router.tsx).
  const { directoryQuery, queryFromParams } = await import('./directory-api');
  const results = queryClient.getQueryData(directoryQuery(queryFromParams(search)).queryKey);
  if (!results) return undefined;
  const offset = (results.meta.page - 1) * results.meta.pageSize;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    url: page.url,
    numberOfItems: results.meta.total,
    itemListElement: results.data.map((therapist, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      name: providerDisplayName(therapist) || 'Therapist',
      url: `${page.origin}${localePrefix[page.locale]}/therapists/${therapist.identifier}/`,
    })),
  };
}
