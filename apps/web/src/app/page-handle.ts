import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Namespace } from '@/lib/i18n';
import type { TitleKey } from '@/lib/page-title';

/**
 * Pages the server renders (docs/decisions/0012): public pages whose HTML is the same for every visitor of one
 * locale. `source` names the page's module as the build manifest knows it, so the server can preload its chunk;
 * `prefetch` fills the queries the first render needs, so the HTML holds the content, not a spinner.
 */
export interface ServerRenderedPage {
  source?: string;
  ns: Namespace[];
  prefetch?: (queryClient: QueryClient, params: Params) => Promise<void>;
  /** The page's own title from its prefetched data (a therapist's name); the browser sets it with `usePageTitle`. */
  titleName?: (queryClient: QueryClient, params: Params) => string | undefined;
  /** The page's own description for search results and link previews (meta description, Open Graph), from its data. */
  describe?: (queryClient: QueryClient, params: Params) => string | undefined;
  /**
   * What only the browser can fetch (it depends on the viewer's time zone), started while the page hydrates so the
   * part that shows it renders once, with its data, instead of loading first and rendering again.
   */
  browserPrefetch?: (queryClient: QueryClient, params: Params) => void;
}

export interface PageHandle {
  ssr?: ServerRenderedPage;
  /** The document title (lib/page-title.ts), applied by AppShell on navigation and by the server renderer. */
  title?: TitleKey;
  /**
   * A public page the browser renders (no `ssr`): the server still sends its canonical address and Open Graph tags
   * with the page's shell, so search engines see one address for it.
   */
  canonical?: boolean;
}
