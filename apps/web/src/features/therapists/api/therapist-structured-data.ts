import type { QueryClient } from '@tanstack/react-query';
import type { TherapistProfile } from '@therapy/contracts/directory';
import type { Params } from 'react-router';
import { providerDisplayName } from './provider-name';
import { providerSummaryQuery, therapistKeys } from './therapists-api';

/** Where the page is (app/page-handle.ts SiteContext). */
interface Site {
  origin: string;
  path: string;
}

/** Minor units to the schema.org price, a decimal string in major units ("80.00"; yen and the like have none). */
function majorUnits(amount: number, currencyCode: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions()
    .maximumFractionDigits ?? 2;
  return (amount / 10 ** digits).toFixed(digits);
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/**
 * A therapist's page as schema.org sees it (issue 49): a `Person` (name, job title, picture, languages, page) who
 * works for and offers a `ProfessionalService`: the practice, with one `Offer` per therapy at the fee a booking of it
 * is charged, the US states the therapist is licensed in as its area served, and the reviews' average when there are
 * any. Built from the same data the page was rendered with, so it says nothing the page does not.
 */
export function therapistStructuredData(
  queryClient: QueryClient,
  params: Params,
  site: Site,
): object[] | undefined {
  const providerId = params.providerId ?? '';
  const summary = queryClient.getQueryData(providerSummaryQuery(providerId).queryKey);
  const profile = queryClient.getQueryData<TherapistProfile | null>(therapistKeys.profile(providerId));
  if (!summary || !profile) return undefined;
  const name = providerDisplayName(summary) || 'Therapist';
  const url = `${site.origin}${site.path}`;
  const service: Record<string, unknown> = {
    '@type': 'ProfessionalService',
    '@id': `${url}#practice`,
    name,
    url,
    ...(summary.photoUrl ? { image: absolute(site.origin, summary.photoUrl) } : {}),
    ...(profile.officeAddress ? { address: profile.officeAddress } : {}),
    areaServed: profile.licenceStates.map((state) => ({
      '@type': 'State',
      name: state.name,
      identifier: state.code,
    })),
    makesOffer: profile.prices.map((price) => ({
      '@type': 'Offer',
      name: price.therapy.name,
      itemOffered: { '@type': 'Service', name: price.therapy.name },
      price: majorUnits(price.fee.isFree ? 0 : price.fee.amount, price.fee.currencyCode),
      priceCurrency: price.fee.currencyCode,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: majorUnits(price.fee.isFree ? 0 : price.fee.amount, price.fee.currencyCode),
        priceCurrency: price.fee.currencyCode,
        unitText: 'session',
      },
    })),
  };
  if (profile.rating.count > 0 && profile.rating.average !== null)
    service.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Number(profile.rating.average.toFixed(2)),
      reviewCount: profile.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${url}#person`,
    name,
    url,
    ...(summary.title ? { honorificPrefix: summary.title } : {}),
    ...(summary.headline ? { jobTitle: summary.headline } : {}),
    ...(summary.photoUrl ? { image: absolute(site.origin, summary.photoUrl) } : {}),
    knowsLanguage: profile.languages.map((language) => ({
      '@type': 'Language',
      name: language.name,
      alternateName: language.code,
    })),
    worksFor: service,
  };
  return [person];
}

/** The picture of the therapist's link preview: their picture and name, drawn by the server (GET /og/therapists/:id.png). */
export function therapistPreviewImage(queryClient: QueryClient, params: Params): { path: string; alt: string } | undefined {
  const providerId = params.providerId ?? '';
  const summary = queryClient.getQueryData(providerSummaryQuery(providerId).queryKey);
  if (!summary) return undefined;
  return { path: `/og/therapists/${providerId}.png`, alt: providerDisplayName(summary) || 'Therapist' };
}
