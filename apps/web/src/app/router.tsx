import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { LandingRoute } from '@/features/landing/routes/landing-route';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { setNavigationSettled } from '@/lib/locale';
import { basenameOf } from '@/lib/locale-path';
import type { Namespace } from '@/lib/i18n';
import { loadNamespaces } from '@/lib/i18n';
import { zodReady } from '@/lib/zod-ready';
import { yieldToMain } from '@/lib/yield-to-main';
import { PageSpinner } from '@/components/page-spinner';
import { AppShell } from './app-shell';
import { NotFoundRoute } from './not-found-route';
import { RootErrorBoundary, RouteErrorBoundary } from './error-boundary';
import type { PageHandle, ServerRenderedPage } from './page-handle';
import type { RouteHandle } from './protected-layout';
import { prefetchCalendar } from '@/features/therapists/api/therapist-prefetch';

/**
 * A code-split page: its chunk and its translations load together before the route renders, so a page never
 * flashes raw keys and the landing page's initial JavaScript holds only the shell and the landing page.
 */
function lazyPage(ns: Namespace[], load: () => Promise<ComponentType>, before: Loader[] = []) {
  return async () => {
    // The page's schemas are created as its module runs: zod must be set up for the CSP first (lib/zod-ready.ts).
    const [Component] = await Promise.all([
      zodReady()
        .then(() => inTurns(before))
        .then(load),
      loadNamespaces(ns),
    ]);
    return { Component };
  };
}

type Loader = () => Promise<unknown>;
/**
 * What a form page's code imports that takes long to run (every message in both languages; the field rules with the
 * phone-number metadata and zod's schemas): evaluated one per task ahead of the page's own module, instead of all in
 * one task that blocks a tap for a fifth of a second on a phone (Lighthouse's Total Blocking Time, issue 49). The
 * directory needs the messages only.
 */
const formModules: Loader[] = [() => import('@therapy/contracts/messages'), () => import('@therapy/contracts/fields')];

async function inTurns(loaders: Loader[]): Promise<void> {
  for (const load of loaders) {
    await load();
    await yieldToMain();
  }
}

/** A code-split page the server renders too (app/page-handle.ts): the same loader, plus what the server needs. */
/** A slot's component, loaded after zod's set-up for the CSP as every page is (its forms create schemas). */
function afterZod(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await zodReady().then(load) });
}

function ssrPage(
  page: ServerRenderedPage & { source: string; title?: PageHandle['title'] },
  load: () => Promise<ComponentType>,
  before?: Loader[],
): Pick<RouteObject, 'lazy' | 'handle'> {
  const { title, ...ssr } = page;
  return { lazy: lazyPage(page.ns, load, before), handle: { ssr, title } satisfies PageHandle };
}

// Paths match with or without a trailing slash (spec §9 "Trailing slash on"): React Router ignores it when matching.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageSpinner,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          {
            index: true,
            Component: LandingRoute,
            handle: { ssr: { ns: ['landing'], server: 'home' } } satisfies PageHandle,
          },
          {
            path: 'login',
            ...ssrPage(
              { source: 'src/features/auth/routes/login-route.tsx', ns: ['auth'], title: 'login' },
              () => import('@/features/auth/routes/login-route').then((m) => m.LoginRoute),
              formModules,
            ),
          },
          {
            path: 'register',
            ...ssrPage(
              { source: 'src/features/auth/routes/register-choice-route.tsx', ns: ['auth'], title: 'register' },
              () => import('@/features/auth/routes/register-choice-route').then((m) => m.RegisterChoiceRoute),
            ),
          },
          {
            path: 'register/client',
            ...ssrPage(
              { source: 'src/features/auth/routes/register-client-route.tsx', ns: ['auth'], title: 'registerClient' },
              () => import('@/features/auth/routes/register-client-route').then((m) => m.RegisterClientRoute),
              formModules,
            ),
          },
          {
            path: 'register/provider',
            ...ssrPage(
              {
                source: 'src/features/auth/routes/register-provider-route.tsx',
                ns: ['auth'],
                title: 'registerProvider',
              },
              () => import('@/features/auth/routes/register-provider-route').then((m) => m.RegisterProviderRoute),
              formModules,
            ),
          },
          {
            path: 'forgot-password',
            ...ssrPage(
              { source: 'src/features/auth/routes/forgot-password-route.tsx', ns: ['auth'], title: 'forgotPassword' },
              () => import('@/features/auth/routes/forgot-password-route').then((m) => m.ForgotPasswordRoute),
              formModules,
            ),
          },
          {
            path: 'reset-password',
            handle: { title: 'resetPassword' } satisfies PageHandle,
            lazy: lazyPage(['auth'], () =>
              import('@/features/auth/routes/reset-password-route').then((m) => m.ResetPasswordRoute),
            ),
          },
          {
            path: 'verify-email',
            handle: { title: 'verifyEmail' } satisfies PageHandle,
            lazy: lazyPage(['auth'], () =>
              import('@/features/auth/routes/verify-email-route').then((m) => m.VerifyEmailRoute),
            ),
          },
          {
            path: 'auth/complete',
            handle: { title: 'signingIn' } satisfies PageHandle,
            lazy: lazyPage(['auth'], () =>
              import('@/features/auth/routes/auth-complete-route').then((m) => m.AuthCompleteRoute),
            ),
          },
          {
            path: 'policy/client-cancellation',
            ...ssrPage(
              {
                source: 'src/features/policy/routes/client-cancellation-route.tsx',
                ns: ['policy'],
                title: 'clientPolicy',
              },
              () => import('@/features/policy/routes/client-cancellation-route').then((m) => m.ClientCancellationRoute),
            ),
          },
          {
            path: 'policy/provider-cancellation',
            ...ssrPage(
              {
                source: 'src/features/policy/routes/provider-cancellation-route.tsx',
                ns: ['policy'],
                title: 'providerPolicy',
              },
              () =>
                import('@/features/policy/routes/provider-cancellation-route').then((m) => m.ProviderCancellationRoute),
            ),
          },
          {
            path: 'terms',
            ...ssrPage({ source: 'src/features/legal/routes/terms-route.tsx', ns: ['legal'], title: 'terms' }, () =>
              import('@/features/legal/routes/terms-route').then((m) => m.TermsRoute),
            ),
          },
          {
            path: 'contact',
            ...ssrPage(
              { source: 'src/features/contact/routes/contact-route.tsx', ns: ['contact'], title: 'contact' },
              () => import('@/features/contact/routes/contact-route').then((m) => m.ContactRoute),
              formModules,
            ),
          },
          {
            path: 'privacy',
            ...ssrPage({ source: 'src/features/legal/routes/privacy-route.tsx', ns: ['legal'], title: 'privacy' }, () =>
              import('@/features/legal/routes/privacy-route').then((m) => m.PrivacyRoute),
            ),
          },
          // Mail preferences (issue 49, decision 0064): a mail's unsubscribe link opens it signed out too.
          {
            path: 'mail-preferences',
            handle: { title: 'mailPreferences' } satisfies PageHandle,
            lazy: lazyPage(['mail-preferences'], () =>
              import('@/features/mail-preferences/routes/mail-preferences-route').then((m) => m.MailPreferencesRoute),
            ),
          },
          // A one-time questionnaire link mailed to a client without an account (decision 0053): no sign-in.
          {
            path: 'questionnaire/:token',
            handle: { title: 'questionnaireLink' } satisfies PageHandle,
            lazy: lazyPage(['measures'], () =>
              import('@/features/measures/routes/questionnaire-link-route').then((m) => m.QuestionnaireLinkRoute),
            ),
          },
          // An invitation link from a provider's mail (issue 17): signed out it offers sign-up and sign-in, then accepts.
          {
            path: 'invitation/:token',
            handle: { title: 'invitation' } satisfies PageHandle,
            lazy: lazyPage(['clients'], () =>
              import('@/features/clients/routes/invitation-route').then((m) => m.InvitationRoute),
            ),
          },
          {
            path: 'therapists',
            // Issue 49: rendered on the server with the first page of results for the filters in the URL.
            ...ssrPage(
              {
                source: 'src/features/directory/routes/directory-route.tsx',
                ns: ['directory'],
                server: 'directory',
                title: 'directory',
              },
              () => import('@/features/directory/routes/directory-route').then((m) => m.DirectoryRoute),
              formModules.slice(0, 1),
            ),
          },
          {
            path: 'therapists/:providerId',
            ...ssrPage(
              {
                source: 'src/features/therapists/routes/therapist-route.tsx',
                ns: ['therapists', 'slot-picker'],
                server: 'therapist',
                browserPrefetch: prefetchCalendar,
                title: 'therapist',
              },
              () => import('@/features/therapists/routes/therapist-route').then((m) => m.TherapistRoute),
            ),
          },
          {
            lazy: lazyPage(['auth'], () => import('./protected-layout').then((m) => m.ProtectedLayout)),
            children: [
              {
                path: 'verify-email/pending',
                handle: { hideVerifyBanner: true, title: 'verifyPending' } satisfies RouteHandle & PageHandle,
                lazy: lazyPage(['auth'], () =>
                  import('@/features/auth/routes/verify-email-pending-route').then((m) => m.VerifyEmailPendingRoute),
                ),
              },
              {
                path: 'overview',
                handle: { title: 'overview' } satisfies PageHandle,
                lazy: lazyPage(['dashboard'], () =>
                  import('@/features/dashboard/routes/overview-route').then((m) => m.OverviewRoute),
                ),
                children: [
                  {
                    index: true,
                    lazy: afterZod(async () => (await import('./overview-practice-slot')).OverviewPracticeSlot),
                  },
                ],
              },
              {
                path: 'account',
                handle: { title: 'account' } satisfies PageHandle,
                lazy: lazyPage(['account'], () =>
                  import('@/features/account/routes/account-route').then((m) => m.AccountRoute),
                ),
                // The profile screens of the user's type render in the account page's outlet.
                children: [
                  {
                    index: true,
                    lazy: afterZod(async () => (await import('./account-profile-slot')).AccountProfileSlot),
                  },
                ],
              },
              // The page the "your data is ready" mail links to (issue 20): signed in, it downloads the ZIP.
              {
                path: 'account/export/:id',
                handle: { title: 'dataExport' } satisfies PageHandle,
                lazy: lazyPage(['data-export'], () =>
                  import('@/features/data-export/routes/data-export-download-route').then(
                    (m) => m.DataExportDownloadRoute,
                  ),
                ),
              },
              {
                path: 'availability',
                handle: { title: 'availability' } satisfies PageHandle,
                lazy: lazyPage(['availability'], () =>
                  import('@/features/availability/routes/availability-route').then((m) => m.AvailabilityRoute),
                ),
              },
              {
                path: 'practice/bank-details',
                handle: { title: 'bankDetails' } satisfies PageHandle,
                lazy: lazyPage(['bankDetails'], () =>
                  import('@/features/bank-details/routes/bank-details-route').then((m) => m.BankDetailsRoute),
                ),
              },
              {
                path: 'practice/credentials',
                handle: { title: 'credentials' } satisfies PageHandle,
                lazy: lazyPage(['credentials', 'files'], () =>
                  import('@/features/credentials/routes/credentials-route').then((m) => m.CredentialsRoute),
                ),
              },
              {
                path: 'wallet',
                handle: { title: 'wallet' } satisfies PageHandle,
                lazy: lazyPage(['wallet'], () =>
                  import('@/features/wallet/routes/wallet-route').then((m) => m.WalletRoute),
                ),
              },
              {
                path: 'wallet/transactions/:transactionId',
                handle: { title: 'transaction' } satisfies PageHandle,
                lazy: lazyPage(['wallet'], () =>
                  import('@/features/wallet/routes/transaction-route').then((m) => m.TransactionRoute),
                ),
              },
              {
                path: 'appointments',
                handle: { title: 'appointments' } satisfies PageHandle,
                lazy: lazyPage(['appointments'], () =>
                  import('@/features/appointments/routes/appointments-route').then((m) => m.AppointmentsRoute),
                ),
              },
              {
                path: 'calendar',
                handle: { title: 'calendar' } satisfies PageHandle,
                // A lazy page of its own: FullCalendar's chunk loads only here.
                lazy: lazyPage(['calendar-view'], () =>
                  import('@/features/calendar-view/routes/calendar-view-route').then((m) => m.CalendarViewRoute),
                ),
              },
              {
                path: 'appointments/:bookingId',
                handle: { title: 'booking' } satisfies PageHandle,
                lazy: lazyPage(['appointments'], () =>
                  import('@/features/appointments/routes/booking-detail-route').then((m) => m.BookingDetailRoute),
                ),
                // A provider's session notes of the booking (issue 17) render in the page's outlet.
                children: [
                  {
                    index: true,
                    lazy: afterZod(async () => (await import('./booking-notes-slot')).BookingNotesSlot),
                  },
                ],
              },
              {
                path: 'clients/imported',
                handle: { title: 'clients' } satisfies PageHandle,
                lazy: lazyPage(['clients'], () =>
                  import('@/features/clients/routes/clients-route').then((m) => m.ClientsRoute),
                ),
              },
              {
                path: 'clients/imported/email-manual',
                handle: { title: 'clientImport' } satisfies PageHandle,
                lazy: lazyPage(['clients'], () =>
                  import('@/features/clients/routes/email-manual-route').then((m) => m.EmailManualRoute),
                ),
              },
              {
                path: 'clients/imported/csv',
                handle: { title: 'clientCsvImport' } satisfies PageHandle,
                lazy: lazyPage(['clients'], () =>
                  import('@/features/clients/routes/csv-import-route').then((m) => m.CsvImportRoute),
                ),
              },
              {
                path: 'clients/:clientId',
                handle: { title: 'client' } satisfies PageHandle,
                lazy: lazyPage(['notes', 'files'], () =>
                  import('@/features/notes/routes/client-route').then((m) => m.ClientRoute),
                ),
                // The questionnaires sent to the client and their scores (issue 20) render in the page's outlet.
                children: [
                  {
                    index: true,
                    lazy: afterZod(async () => (await import('./client-measures-slot')).ClientMeasuresSlot),
                  },
                ],
              },
              {
                path: 'questionnaires',
                handle: { title: 'questionnaires' } satisfies PageHandle,
                lazy: lazyPage(['measures'], () =>
                  import('@/features/measures/routes/questionnaires-route').then((m) => m.QuestionnairesRoute),
                ),
              },
              {
                path: 'questionnaires/:measureId',
                handle: { title: 'questionnaire' } satisfies PageHandle,
                lazy: lazyPage(['measures'], () =>
                  import('@/features/measures/routes/questionnaire-route').then((m) => m.QuestionnaireRoute),
                ),
              },
              {
                path: 'session/:bookingId',
                handle: { title: 'session' } satisfies PageHandle,
                lazy: lazyPage(['session'], () =>
                  import('@/features/session/routes/session-route').then((m) => m.SessionRoute),
                ),
              },
              {
                path: 'waitlist',
                handle: { title: 'waitlist' } satisfies PageHandle,
                lazy: lazyPage(['waitlist'], () =>
                  import('@/features/waitlist/routes/waitlist-route').then((m) => m.WaitlistRoute),
                ),
              },
              {
                path: 'notifications',
                handle: { title: 'notifications' } satisfies PageHandle,
                lazy: lazyPage(['notifications'], () =>
                  import('@/features/notifications/routes/notifications-route').then((m) => m.NotificationsRoute),
                ),
              },
              {
                path: 'messages',
                handle: { title: 'messages' } satisfies PageHandle,
                lazy: lazyPage(['chat'], () =>
                  import('@/features/chat/routes/messages-route').then((m) => m.MessagesRoute),
                ),
              },
              {
                path: 'payment/:bookingId',
                handle: { title: 'payment' } satisfies PageHandle,
                lazy: lazyPage(['appointments'], () =>
                  import('@/features/appointments/routes/payment-route').then((m) => m.PaymentRoute),
                ),
              },
              {
                path: 'practice/work-history',
                handle: { title: 'workHistory' } satisfies PageHandle,
                lazy: lazyPage(['practice-details'], () =>
                  import('@/features/practice-details/routes/work-history-route').then((m) => m.WorkHistoryRoute),
                ),
              },
              {
                path: 'practice/fees',
                handle: { title: 'fees' } satisfies PageHandle,
                lazy: lazyPage(['practice-details'], () =>
                  import('@/features/practice-details/routes/fees-route').then((m) => m.FeesRoute),
                ),
              },
              {
                path: 'practice/license-states',
                handle: { title: 'licenseStates' } satisfies PageHandle,
                lazy: lazyPage(['practice-details'], () =>
                  import('@/features/practice-details/routes/license-states-route').then((m) => m.LicenseStatesRoute),
                ),
              },
              {
                path: 'practice/access-log',
                handle: { title: 'accessLog' } satisfies PageHandle,
                lazy: lazyPage(['access-log'], () =>
                  import('@/features/access-log/routes/access-log-route').then((m) => m.AccessLogRoute),
                ),
              },
              {
                path: 'practice',
                handle: { title: 'practice' } satisfies PageHandle,
                lazy: lazyPage(['verification'], () =>
                  import('@/features/verification/routes/practice-hub-route').then((m) => m.PracticeHubRoute),
                ),
              },
              {
                path: 'operator/reviews',
                handle: { title: 'operatorReviews' } satisfies PageHandle,
                lazy: lazyPage(['operator'], () =>
                  import('@/features/operator/routes/review-queue-route').then((m) => m.ReviewQueueRoute),
                ),
              },
              {
                path: 'operator/practices',
                handle: { title: 'operatorPractices' } satisfies PageHandle,
                lazy: lazyPage(['operator'], () =>
                  import('@/features/operator/routes/practices-route').then((m) => m.PracticesRoute),
                ),
              },
              {
                path: 'operator/payouts',
                handle: { title: 'operatorPayouts' } satisfies PageHandle,
                lazy: lazyPage(['operator'], () =>
                  import('@/features/operator/routes/payouts-route').then((m) => m.PayoutsRoute),
                ),
              },
              {
                path: 'operator/contact',
                handle: { title: 'operatorContact' } satisfies PageHandle,
                lazy: lazyPage(['contact', 'operator'], () =>
                  import('@/features/contact/routes/contact-inbox-route').then((m) => m.ContactInboxRoute),
                ),
              },
              {
                path: 'operator/reviews/:providerId',
                handle: { title: 'documentReview' } satisfies PageHandle,
                lazy: lazyPage(['operator'], () =>
                  import('@/features/operator/routes/document-review-route').then((m) => m.DocumentReviewRoute),
                ),
              },
            ],
          },
          // Not lazy: the error boundary renders it for 404 responses anyway, so it is in the main chunk already.
          // Every path no route above matches: the server renders this page with status 404 (entry-server.tsx).
          {
            path: '*',
            Component: NotFoundRoute,
            handle: { title: 'notFound', ssr: { ns: [] } } satisfies PageHandle,
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  // A German page's routes live under /de (docs/decisions/0063), so the app's links and navigations stay German.
  const basename = basenameOf(window.location.pathname);
  const router = createBrowserRouter(routes, basename ? { basename } : {});
  // An expired session navigates inside the app instead of reloading it (which would lose the toast).
  setSessionExpiredHandler((loginPath) => void router.navigate(loginPath, { replace: true }));
  // A change of language loads the page's other URL once a navigation under way has ended (lib/locale.ts).
  setNavigationSettled(() => navigationSettled(router));
  return router;
}

function navigationSettled(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.navigation.state === 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.navigation.state !== 'idle') return;
      stop();
      resolve();
    });
  });
}
