import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { crawlerRoutes } from './crawler.routes.ts';
import { directoryRoutes } from './directory.routes.ts';
import { createDirectoryService } from './directory.service.ts';

/**
 * The directory module's public face (issue 16): the search route, and its read model kept up to date from the
 * events of the profile, the practice (licence states, fee) and reviews (verification and deleted accounts are joined
 * at query time, so they count at once whatever changed them). At start
 * it rebuilds every entry once (one statement), so providers from before it, or a missed event, are covered.
 */
export function createDirectoryModule(deps: Pick<AppDeps, 'db' | 'files' | 'events' | 'config'>) {
  const directory = createDirectoryService(deps);
  const refresh = ({ providerId }: { providerId: string }) => directory.refresh(providerId);
  deps.events.subscribe('provider-profile.changed', refresh);
  deps.events.subscribe('practice.changed', refresh);
  deps.events.subscribe('review.changed', refresh);
  // Verification is joined at query time; an approval still rebuilds the entry, so an approved provider is listed
  // even when nothing else of theirs changed since the entry was last built.
  deps.events.subscribe('verification.changed', refresh);
  const plugin: FastifyPluginAsync = async (app) => {
    await directory.refreshAll();
    await app.register(directoryRoutes, { directory });
  };
  /** robots.txt and sitemap.xml, registered at the site's root (app.ts), not under /api/v1. */
  return { name: 'directory' as const, plugin, rootPlugin: crawlerRoutes(deps), refresh: directory.refresh };
}
export type DirectoryModule = ReturnType<typeof createDirectoryModule>;
