import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { directoryRepository as repo } from './directory.repository.ts';

/** The sitemap protocol's limit of URLs per file. */
const SITEMAP_MAX = 50_000;
/** The public pages that are the same for every visitor (each also in German, under /de). */
const STATIC_PAGES = ['/', '/therapists/', '/contact/', '/terms/', '/privacy/'];
/** Each page's languages and their URL prefixes (docs/decisions/0063): English is also the x-default. */
const LANGUAGES = [
  { hreflang: 'en', prefix: '' },
  { hreflang: 'de', prefix: '/de' },
] as const;
/** Pages behind a sign-in, and the API: nothing there for a search engine. */
const PRIVATE = [
  '/api/',
  '/overview',
  '/account',
  '/appointments',
  '/payment/',
  '/wallet',
  '/availability',
  '/practice',
  '/clients/',
  '/operator',
  '/auth/',
  '/verify-email',
];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What search engines read at the site's root (issue 16): `robots.txt` (private pages out, the sitemap named) and
 * `sitemap.xml` (the home page, the directory, the contact and legal pages and every listed therapist's public page,
 * with when it last changed; each in English and German with hreflang alternates, issue 49). Served by the
 * API process at the root, outside /api/v1, like the web app's pages.
 */
export function crawlerRoutes(deps: Pick<AppDeps, 'db' | 'config'>): FastifyPluginAsync {
  const origin = deps.config.appOrigin.replace(/\/$/, '');
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
      const lines = [
        'User-agent: *',
        ...PRIVATE.flatMap((p) => (p === '/api/' ? [p] : [p, `/de${p}`])).map((p) => `Disallow: ${p}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    });
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
      const pages = await repo.listedPages(deps.db, Math.floor(SITEMAP_MAX / LANGUAGES.length) - STATIC_PAGES.length);
      // Every page in each language, each naming all its languages (itself too) and the x-default, as search
      // engines read hreflang in a sitemap.
      const entries = (path: string, lastmod?: string) => {
        const links = [
          ...LANGUAGES.map(
            (l) =>
              `<xhtml:link rel="alternate" hreflang="${l.hreflang}" href="${escapeXml(`${origin}${l.prefix}${path}`)}"/>`,
          ),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${origin}${path}`)}"/>`,
        ].join('');
        return LANGUAGES.map(
          (l) =>
            `<url><loc>${escapeXml(`${origin}${l.prefix}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`,
        );
      };
      const urls = [
        ...STATIC_PAGES.flatMap((path) => entries(path)),
        ...pages.flatMap((p) => entries(`/therapists/${p.provider_id}/`, new Date(p.updated_at).toISOString())),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    });
  };
}
