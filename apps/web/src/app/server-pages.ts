import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { prefetchDirectory } from '@/features/directory/api/directory-prefetch';
import { directoryCanonicalSearch } from '@/features/directory/api/directory-canonical';
import {
  prefetchTherapist,
  therapistDescription,
  therapistNotFound,
  therapistTitle,
} from '@/features/therapists/api/therapist-prefetch';

/**
 * What only the server does for a server-rendered page (entry-server.tsx), by the key its route names
 * (`handle.ssr.server`). Only the server bundle imports this file: the browser never prefetches, describes or titles a
 * page from data before it renders, so none of this is in its JavaScript (the landing page's budget, DESIGN.md §8).
 */
export interface ServerPage {
  /** `search`: the page's query string (the directory's filters live there: `/therapists/?state=NY&therapy=couples`). */
  prefetch?: (queryClient: QueryClient, params: Params, search: URLSearchParams) => Promise<void>;
  /**
   * Whether the prefetched data says the page's subject does not exist (an id that cannot be one, or that the API does
   * not know): the server then answers 404 with the page's own not-found state, which the browser hydrates as it is.
   */
  notFound?: (queryClient: QueryClient, params: Params) => boolean;
  /**
   * The query string that belongs to the page's one address (canonical link, og:url), from the one it was asked with;
   * without it the address has none. The directory keeps the state: each state's search is a page of its own.
   */
  canonicalSearch?: (search: URLSearchParams) => string;
  /** The page's own title from its prefetched data (a therapist's name); the browser sets it with `usePageTitle`. */
  titleName?: (queryClient: QueryClient, params: Params) => string | undefined;
  /** The page's own description for search results and link previews (meta description, Open Graph), from its data. */
  describe?: (queryClient: QueryClient, params: Params) => string | undefined;
}

export const serverPages = {
  directory: { prefetch: prefetchDirectory, canonicalSearch: directoryCanonicalSearch },
  therapist: {
    prefetch: prefetchTherapist,
    notFound: therapistNotFound,
    titleName: therapistTitle,
    describe: therapistDescription,
  },
} satisfies Record<string, ServerPage>;

export type ServerPageKey = keyof typeof serverPages;
