import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import { createAppRouter } from './app/router';
import { Providers } from './app/providers';
import { currentLocale } from './lib/i18n';
import { syncDocumentLanguage } from './lib/locale';
import { restoreSession } from './lib/session-actions';

syncDocumentLanguage(currentLocale());
// Started before the first render so the refresh runs in parallel with loading the page's code.
void restoreSession();

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
