import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { IdleSignOut } from '@/features/idle/components/idle-sign-out';
import { OperatingCountryCheck } from '@/features/location/components/operating-country-check';
import { currentLocale } from '@/lib/i18n';
import { applyPageTitle, usePageTitleOverride } from '@/lib/page-title';
import { useToasterStore } from '@/lib/toast';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';
import { Header } from './header';
import { LiveUpdates } from './live-updates';
import { MeasuresNoticeSlot } from './measures-notice-slot';
import { WaitlistNoticeSlot } from './waitlist-notice-slot';
import { ModalHost } from './modal-host';
import type { PageHandle } from './page-handle';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Moves focus to the new page's content after client-side navigation, as a full page load would. */
function useFocusOnNavigate() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [location.pathname]);
}

/**
 * Each page's own title (WCAG 2.4.2), in the page's language: the deepest route's `handle.title`, or the text a page
 * set with `usePageTitle` (a therapist's name). The server renderer puts the same title into the HTML.
 */
function useDocumentTitle() {
  const matches = useMatches();
  const { i18n } = useTranslation();
  const override = usePageTitleOverride();
  const key = matches.findLast((match) => (match.handle as PageHandle | undefined)?.title)?.handle as
    PageHandle | undefined;
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    applyPageTitle({ key: key?.title, name: override ?? undefined }, currentLocale());
  }, [key?.title, override, language]);
}

/**
 * Marks the document once the app has taken over the page (after hydration of a server-rendered page): tests wait
 * for it before they type, and it tells anyone reading the DOM that the controls now work.
 */
function useMarkReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
}

export function AppShell() {
  const { t } = useTranslation();
  useMarkReady();
  const navigation = useNavigation();
  const toasterWanted = useToasterStore((s) => s.wanted);
  useFocusOnNavigate();
  useDocumentTitle();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white no-underline! focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('shell.skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
          role="progressbar"
          aria-label={t('ui.loading')}
        >
          <div className="h-full w-1/3 animate-pulse bg-brand-700" />
        </div>
      )}
      <Header />
      <WaitlistNoticeSlot />
      <MeasuresNoticeSlot />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieBanner />
      <ModalHost />
      <OperatingCountryCheck />
      <LiveUpdates />
      <IdleSignOut />
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
