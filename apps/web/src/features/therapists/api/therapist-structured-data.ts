import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Graph, Language, MedicalBusiness, Person } from 'schema-dts';
import { majorUnits } from '@therapy/contracts/money';
import type { TherapistProfile } from '@therapy/contracts/directory';
import { referenceName } from '@/lib/reference-names-de';
import type { PageAddress } from '@/lib/structured-data';
import { isProviderId } from './provider-id';
import { providerDisplayName } from './provider-name';
import { therapistKeys } from './therapists-api';

/** The picture a link to the page shows (Open Graph): the therapist's card, drawn by the API (docs/decisions/0062). */
export const therapistCardPath = (providerId: string) => `/og/therapists/${providerId}.png`;

/** The profile the page was rendered with, and the therapist's name; none for an id that is not a listed one. */
function listedProfile(queryClient: QueryClient, params: Params) {
  const providerId = params.providerId ?? '';
  if (!isProviderId(providerId)) return undefined;
  const profile = queryClient.getQueryData<TherapistProfile | null>(therapistKeys.profile(providerId));
  if (!profile) return undefined;
  return { providerId, profile, name: providerDisplayName(profile) || 'Therapist' };
}

/**
 * Issue 49: what search engines read of a therapist's page (schema.org JSON-LD). The therapist is a `Person` who
 * founded a `MedicalBusiness` (their practice): its offers are the therapies at the prices a booking is charged,
 * the area served the US states of their licences, the languages sessions are held in, the office address only
 * for in-person sessions, and the reviews' average only when there are reviews. From the profile the page was
 * rendered with, in the page's language; nothing when the therapist is not listed.
 */
export function therapistStructuredData(
  queryClient: QueryClient,
  params: Params,
  page: PageAddress,
): Graph | undefined {
  const listed = listedProfile(queryClient, params);
  if (!listed) return undefined;
  const { providerId, profile, name } = listed;
  const url = page.url;
  const image = `${page.origin}${therapistCardPath(providerId)}`;
  const languages: Language[] = profile.languages.map((l) => ({
    '@type': 'Language',
    name: l.name,
    alternateName: l.code,
  }));
  const therapyName = (t: { code: string; name: string }) =>
    referenceName('therapy-category', t.code, t.name, page.locale);
  const person: Person = {
    '@type': 'Person',
    '@id': `${url}#person`,
    name,
    url,
    image,
    ...(profile.title ? { honorificPrefix: profile.title } : {}),
    ...(profile.headline ? { jobTitle: profile.headline } : {}),
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(languages.length > 0 ? { knowsLanguage: languages } : {}),
    worksFor: { '@id': `${url}#practice` },
  };
  const amounts = profile.prices.map((p) => (p.fee.isFree ? 0 : p.fee.amount));
  const currency = profile.prices[0]?.fee.currencyCode;
  const money = (minor: number) => majorUnits(minor).toFixed(2);
  const practice: MedicalBusiness = {
    '@type': 'MedicalBusiness',
    '@id': `${url}#practice`,
    name,
    url,
    image,
    founder: { '@id': `${url}#person` },
    ...(profile.headline ? { slogan: profile.headline } : {}),
    ...(profile.licenceStates.length > 0
      ? {
          areaServed: profile.licenceStates.map((s) => ({
            '@type': 'State' as const,
            name: s.name,
            containedInPlace: { '@type': 'Country' as const, name: 'United States' },
          })),
        }
      : {}),
    ...(languages.length > 0 ? { availableLanguage: languages } : {}),
    ...(currency && amounts.length > 0
      ? {
          currenciesAccepted: currency,
          priceRange:
            Math.min(...amounts) === Math.max(...amounts)
              ? `${money(Math.min(...amounts))} ${currency}`
              : `${money(Math.min(...amounts))}-${money(Math.max(...amounts))} ${currency}`,
          makesOffer: profile.prices.map((p) => ({
            '@type': 'Offer' as const,
            price: money(p.fee.isFree ? 0 : p.fee.amount),
            priceCurrency: p.fee.currencyCode,
            url,
            itemOffered: { '@type': 'Service' as const, name: therapyName(p.therapy) },
          })),
        }
      : {}),
    ...(profile.rating.count > 0 && profile.rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating' as const,
            ratingValue: profile.rating.average,
            reviewCount: profile.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(profile.officeAddress
      ? { address: { '@type': 'PostalAddress' as const, streetAddress: profile.officeAddress } }
      : {}),
  };
  return { '@context': 'https://schema.org', '@graph': [person, practice] };
}

/** The therapist's card as the page's link-preview picture, described for those who cannot see it. */
export function therapistImage(queryClient: QueryClient, params: Params): { path: string; alt: string } | undefined {
  const listed = listedProfile(queryClient, params);
  if (!listed) return undefined;
  const { providerId, profile, name } = listed;
  return { path: therapistCardPath(providerId), alt: profile.headline ? `${name}: ${profile.headline}` : name };
}
