import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { crawlerRoutes } from './crawler.routes.ts';
import { directoryRoutes } from './directory.routes.ts';
import { linkPreviewRoutes } from './link-preview.routes.ts';
import { createDirectoryService, type NextFreeSource, type PublicPracticeFacts } from './directory.service.ts';

const AVAILABILITY_SWEEP_QUEUE = 'directory-availability';

/**
 * The directory module's public face (issue 16): the search route, and its read model kept up to date from the
 * events of the profile, the practice (licence states, fee) and reviews (verification and deleted accounts are joined
 * at query time, so they count at once whatever changed them). At start
 * it rebuilds every entry once (one statement), so providers from before it, or a missed event, are covered.
 */
export function createDirectoryModule(
  deps: Pick<AppDeps, 'db' | 'files' | 'events' | 'config' | 'clock' | 'jobs'>,
  { nextFreeSlot, practiceFacts }: { nextFreeSlot: NextFreeSource; practiceFacts: PublicPracticeFacts },
) {
  const directory = createDirectoryService(deps, nextFreeSlot, practiceFacts);
  const refresh = ({ providerId }: { providerId: string }) => directory.refresh(providerId);
  deps.events.subscribe('provider-profile.changed', refresh);
  deps.events.subscribe('practice.changed', refresh);
  deps.events.subscribe('review.changed', refresh);
  // Verification is joined at query time; an approval still rebuilds the entry, so an approved provider is listed
  // even when nothing else of theirs changed since the entry was last built.
  deps.events.subscribe('verification.changed', refresh);
  // The first free slot ("available this week", "soonest"): computed again when the plan, the therapies, the
  // verification or an early enough booking changes it; a sweep catches up with time passing (decision 0028).
  const recompute = ({ providerId }: { providerId: string }) => directory.refreshAvailability(providerId);
  deps.events.subscribe('availability.changed', recompute);
  deps.events.subscribe('provider-profile.changed', recompute);
  deps.events.subscribe('verification.changed', recompute);
  deps.events.subscribe('practice.changed', recompute);
  // A booking's answer does not wait for the directory: changes are looked at together a moment later.
  deps.events.subscribe('booking.changed', ({ providerId, startTime }) =>
    directory.bookingChanged(providerId, startTime),
  );
  const plugin: FastifyPluginAsync = async (app) => {
    await directory.refreshAll();
    await app.register(directoryRoutes, { directory });
    await deps.jobs.schedule(AVAILABILITY_SWEEP_QUEUE, '*/10 * * * *', async () => {
      while ((await directory.refreshStaleAvailability()) > 0);
    });
    // The entries made at start get their first free slot now, in the background (the start does not wait for it).
    app.addHook('onClose', async () => directory.stop());
    app.addHook('onReady', async () => {
      void directory
        .refreshStaleAvailability()
        .catch((err: unknown) => app.log.warn({ err }, 'directory: first availability sweep failed'));
    });
  };
  /** robots.txt, sitemap.xml and the link-preview cards, registered at the site's root (app.ts), not under /api/v1. */
  const rootPlugin: FastifyPluginAsync = async (app) => {
    await app.register(crawlerRoutes(deps));
    await app.register(linkPreviewRoutes(deps, directory));
  };
  return {
    name: 'directory' as const,
    plugin,
    rootPlugin,
    refresh: directory.refresh,
    refreshStaleAvailability: directory.refreshStaleAvailability,
  };
}
export type DirectoryModule = ReturnType<typeof createDirectoryModule>;
