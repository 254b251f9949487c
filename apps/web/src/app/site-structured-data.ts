import type { SiteContext } from './page-handle';

/**
 * The home page as schema.org sees it (issue 49): the `Organization` behind the site (its name, address, logo and
 * where to reach it) and the `WebSite` itself, in the page's language. One `@graph`, so the two refer to each other.
 */
export function siteStructuredData(_queryClient: unknown, _params: unknown, site: SiteContext): object[] {
  const home = `${site.origin}${site.path}`;
  const contact = `${site.origin}${site.locale === 'de' ? '/de' : ''}/contact/`;
  return [
    {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Organization',
          '@id': `${site.origin}/#organization`,
          name: 'Therapy Finder',
          url: `${site.origin}/`,
          logo: `${site.origin}/favicon.svg`,
          contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', url: contact },
        },
        {
          '@type': 'WebSite',
          '@id': `${home}#website`,
          name: 'Therapy Finder',
          url: home,
          inLanguage: site.locale,
          publisher: { '@id': `${site.origin}/#organization` },
        },
      ],
    },
  ];
}
