import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { prefetchDirectory } from '@/features/directory/api/directory-prefetch';
import { directoryCanonicalSearch } from '@/features/directory/api/directory-canonical';
import { directoryStructuredData } from '@/features/directory/api/directory-structured-data';
import { landingStructuredData } from '@/features/landing/landing-structured-data';
import {
  prefetchTherapist,
  therapistDescription,
  therapistNotFound,
  therapistTitle,
} from '@/features/therapists/api/therapist-prefetch';
import { therapistImage, therapistStructuredData } from '@/features/therapists/api/therapist-structured-data';
import type { PageAddress } from '@/lib/structured-data';

/** A link preview's picture: a path on the site (made absolute by the server) and its text alternative. */
export interface PageImage {
  path: string;
  alt: string;
}

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
  /** The page's schema.org JSON-LD for search engines (issue 49), from its data and its own address. */
  structuredData?: (
    queryClient: QueryClient,
    params: Params,
    search: URLSearchParams,
    page: PageAddress,
  ) => object | undefined | Promise<object | undefined>;
  /** The page's own link-preview picture (`og:image`); the site's card (docs/decisions/0062) without one. */
  image?: (queryClient: QueryClient, params: Params) => PageImage | undefined;
}

export const serverPages = {
  home: { structuredData: (_client, _params, _search, page) => landingStructuredData(page) },
  directory: {
    prefetch: prefetchDirectory,
    canonicalSearch: directoryCanonicalSearch,
    structuredData: (client, _params, search, page) => directoryStructuredData(client, search, page),
  },
  therapist: {
    prefetch: prefetchTherapist,
    notFound: therapistNotFound,
    titleName: therapistTitle,
    describe: therapistDescription,
    structuredData: (client, params, _search, page) => therapistStructuredData(client, params, page),
    image: therapistImage,
  },
} satisfies Record<string, ServerPage>;

export type ServerPageKey = keyof typeof serverPages;
