import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { isProviderId } from './provider-id';
import { providerDisplayName } from './provider-name';
import { whenIntlReady } from '@/lib/intl-warmup';
import { availabilityMonthQuery } from '@/components/slot-picker/slot-picker-api';
import { browserTimeZone, monthOf, todayIn } from '@/components/slot-picker/slot-picker-model';
import type { TherapistProfile } from '@therapy/contracts/directory';
import { formatMoney } from '@/lib/format';
import { providerSummaryQuery, therapistKeys } from './therapists-api';

/** The server renders a therapist's page with the public summary (name, photo, headline, therapies) and the profile (bio, licences, fee, rating). */
export async function prefetchTherapist(queryClient: QueryClient, params: Params): Promise<void> {
  const providerId = params.providerId ?? '';
  // The page itself shows its not-found state for an id that cannot exist.
  if (!isProviderId(providerId)) return;
  // Loaded here, not imported: the directory's contract stays out of the landing page's JavaScript.
  const { therapistProfileQuery } = await import('./therapist-profile-query');
  await Promise.all([
    queryClient.prefetchQuery(providerSummaryQuery(providerId)),
    queryClient.prefetchQuery(therapistProfileQuery(providerId)),
  ]);
}

/**
 * Issue 49: an id that cannot be one, or one the API does not know (its summary answered 404: null), is a missing
 * page: the server answers 404 with the page's not-found state.
 */
export function therapistNotFound(queryClient: QueryClient, params: Params): boolean {
  const providerId = params.providerId ?? '';
  return !isProviderId(providerId) || queryClient.getQueryData(providerSummaryQuery(providerId).queryKey) === null;
}

/** The therapist's name for the document title of the server-rendered page (the browser sets it with usePageTitle). */
export function therapistTitle(queryClient: QueryClient, params: Params): string | undefined {
  const summary = queryClient.getQueryData(providerSummaryQuery(params.providerId ?? '').queryKey);
  return summary ? providerDisplayName(summary) : undefined;
}

/**
 * In the browser, while the page hydrates: the month the calendar opens on, in the viewer's zone (as BookingCalendar
 * and the slot picker ask for it first), so the calendar's first render already has its dates and slots.
 */
export function prefetchCalendar(queryClient: QueryClient, params: Params): void {
  const providerId = params.providerId ?? '';
  if (!isProviderId(providerId)) return;
  void whenIntlReady().then(() => {
    const timeZone = browserTimeZone();
    return queryClient.prefetchQuery(
      availabilityMonthQuery({ providerId, month: monthOf(todayIn(timeZone)), timeZone }),
    );
  });
}

/**
 * "Dr Lena Hoffmann, Anxiety and depression (CBT): Individual therapy. Online or In person. From €80.00 per session.
 * Book a session on Therapy Finder." for search results and link previews: the price is the card's (the lowest a
 * client can book, by the rule the booking is charged by; issue 48), from the profile the page was rendered with.
 */
export function therapistDescription(queryClient: QueryClient, params: Params): string | undefined {
  const summary = queryClient.getQueryData(providerSummaryQuery(params.providerId ?? '').queryKey);
  if (!summary) return undefined;
  const parts = [providerDisplayName(summary), summary.headline].filter(Boolean).join(', ');
  const therapies = summary.therapies.map((t) => t.name).join(', ');
  const modalities = summary.modalities.map((m) => m.name).join(' or ');
  const fee = queryClient.getQueryData<TherapistProfile | null>(therapistKeys.profile(params.providerId ?? ''))?.fee;
  const price = !fee
    ? ''
    : fee.isFree && !fee.varies
      ? 'Free sessions.'
      : `From ${formatMoney(fee.amount, fee.currencyCode, 'en')} per session.`;
  return [
    `${parts}${therapies ? `: ${therapies}` : ''}.`,
    modalities ? `${modalities}.` : '',
    price,
    'Book a session on Therapy Finder.',
  ]
    .filter(Boolean)
    .join(' ');
}
