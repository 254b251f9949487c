import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { directoryRepository as repo } from './directory.repository.ts';

/** The sitemap protocol's limit of URLs per file. */
const SITEMAP_MAX = 50_000;
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
 * `sitemap.xml` (the home page and every listed therapist's public page, with when it last changed). Served by the
 * API process at the root, outside /api/v1, like the web app's pages.
 */
export function crawlerRoutes(deps: Pick<AppDeps, 'db' | 'config'>): FastifyPluginAsync {
  const origin = deps.config.appOrigin.replace(/\/$/, '');
  return async (app) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
      const lines = [
        'User-agent: *',
        ...PRIVATE.map((p) => `Disallow: ${p}`),
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
      const pages = await repo.listedPages(deps.db, SITEMAP_MAX - 1);
      const urls = [
        `<url><loc>${escapeXml(`${origin}/`)}</loc></url>`,
        ...pages.map(
          (p) =>
            `<url><loc>${escapeXml(`${origin}/therapists/${p.provider_id}/`)}</loc><lastmod>${new Date(p.updated_at).toISOString()}</lastmod></url>`,
        ),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    });
  };
}
