import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as browserQueryClient } from '@/lib/query-client';

/**
 * App-wide providers. i18next needs none: initReactI18next registers the instance for useTranslation. The server
 * renderer passes a query client of its own per request; the browser uses the one app-wide client.
 */
export function Providers({ children, client = browserQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
