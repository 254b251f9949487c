import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Namespace } from '@/lib/i18n';

/**
 * Pages the server renders (docs/decisions/0012): public pages whose HTML is the same for every visitor of one
 * locale. `source` names the page's module as the build manifest knows it, so the server can preload its chunk;
 * `prefetch` fills the queries the first render needs, so the HTML holds the content, not a spinner.
 */
export interface ServerRenderedPage {
  source?: string;
  ns: Namespace[];
  prefetch?: (queryClient: QueryClient, params: Params) => Promise<void>;
}

export interface PageHandle {
  ssr?: ServerRenderedPage;
}
