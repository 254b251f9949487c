import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { createAppRouter } from './app/router';
import { Providers } from './app/providers';
import { appConfigQuery } from './lib/app-config';
import { configureErrorReporting } from './lib/error-reporting';
import { currentLocale } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { syncDocumentLanguage } from './lib/locale';
import { restoreSession } from './lib/session-actions';

syncDocumentLanguage(currentLocale());
// Started before the first render so the refresh runs in parallel with loading the page's code.
void restoreSession();
// The deployment's error-reporting DSN (if any) comes with the public app config, shared with the screens that use it.
queryClient.fetchQuery(appConfigQuery).then(
  (config) => configureErrorReporting(config.errorReportingDsn ?? null),
  () => configureErrorReporting(null),
);

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
