import type { Graph } from 'schema-dts';
import { localePrefix } from '@/lib/locale-path';
import type { PageAddress } from '@/lib/structured-data';

/**
 * Issue 49: the home page for search engines (schema.org JSON-LD): the site (`WebSite`, in the page's language) and
 * who runs it (`Organization`, with its contact page and the site's card as its picture).
 */
export function landingStructuredData(page: PageAddress): Graph {
  const home = `${page.origin}/`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name: 'Therapy Finder',
        url: page.url,
        inLanguage: page.locale,
        publisher: { '@id': `${home}#organization` },
      },
      {
        '@type': 'Organization',
        '@id': `${home}#organization`,
        name: 'Therapy Finder',
        url: home,
        logo: `${page.origin}/og/site.png`,
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'customer support',
          url: `${page.origin}${localePrefix[page.locale]}/contact/`,
          availableLanguage: ['en', 'de'],
        },
      },
    ],
  };
}
