import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { renderCard } from '../../platform/og-card.ts';
import type { DirectoryService } from './directory.service.ts';

/** The site's card: what a link to any page but a therapist's shows (docs/decisions/0062). */
export const SITE_CARD_PATH = '/og/site.png';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Link previews are fetched again and again by every chat app a link is pasted into: cached an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * Link-preview pictures (issue 49, `og:image`): `/og/site.png`, and `/og/therapists/{id}.png` for every listed
 * therapist, their photo, name, headline and therapies drawn on a 1200 x 630 card. Served at the site's root, as the
 * crawler files are. A card is drawn once per version of the entry (its last change) and kept in a small cache;
 * its ETag is that version, so a preview fetched again is a 304.
 */
export function linkPreviewRoutes(deps: Pick<AppDeps, 'files'>, directory: DirectoryService): FastifyPluginAsync {
  const cards = new LRUCache<string, { etag: string; png: Buffer }>({ max: 200 });
  let site: Promise<Buffer> | null = null;

  const send = (req: FastifyRequest, reply: FastifyReply, etag: string, png: Buffer) => {
    reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/png').send(png);
  };

  return async (app) => {
    app.get(SITE_CARD_PATH, { schema: { hide: true } }, async (req, reply) => {
      site ??= renderCard({
        title: 'Therapy Finder',
        subtitle: 'Find a licensed therapist and book a session online or in person.',
      });
      const png = await site;
      return send(req, reply, `"${createHash('sha256').update(png).digest('hex').slice(0, 16)}"`, png);
    });

    app.get<{ Params: { file: string } }>('/og/therapists/:file', { schema: { hide: true } }, async (req, reply) => {
      const id = /^(.+)\.png$/.exec(req.params.file)?.[1] ?? '';
      if (!UUID.test(id)) throw AppError.notFound();
      const card = await directory.card(id.toLowerCase());
      const etag = `"${id.toLowerCase()}-${card.changedAt.getTime()}"`;
      let cached = cards.get(id);
      if (!cached || cached.etag !== etag) {
        const photo = card.photoFileId ? await deps.files.readBytes(card.photoFileId) : undefined;
        const png = await renderCard({
          title: card.name,
          subtitle: card.headline,
          footnote: card.therapies.join(' · '),
          photo,
        });
        cards.set(id, (cached = { etag, png }));
      }
      return send(req, reply, etag, cached.png);
    });
  };
}
