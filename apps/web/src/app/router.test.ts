import fs from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PageHandle } from './page-handle';
import { routes } from './router';

function serverRendered(list: RouteObject[]): Array<{ path: string; page: NonNullable<PageHandle['ssr']> }> {
  return list.flatMap((route) => {
    const page = (route.handle as PageHandle | undefined)?.ssr;
    const own = page ? [{ path: route.path ?? '(index)', page }] : [];
    return [...own, ...serverRendered(route.children ?? [])];
  });
}

describe('server-rendered pages', () => {
  const pages = serverRendered(routes);

  it('are the public pages: landing, sign-in and sign-up, policies, terms and privacy, contact, therapists, not found', () => {
    expect(pages.map((p) => p.path).sort()).toEqual(
      [
        '(index)',
        '*',
        'contact',
        'forgot-password',
        'login',
        'policy/client-cancellation',
        'policy/provider-cancellation',
        'privacy',
        'register',
        'register/client',
        'register/provider',
        'terms',
        'therapists',
        'therapists/:providerId',
      ].sort(),
    );
  });

  it('name a module that exists, so the server can preload its chunk from the build manifest', () => {
    const webRoot = path.resolve(__dirname, '../..');
    for (const { page } of pages)
      if (page.source) expect(fs.existsSync(path.join(webRoot, page.source)), page.source).toBe(true);
  });
});

/** Every page with the title it shows: its own route's, or the nearest parent's (AppShell takes the deepest one). */
function pageRoutes(
  list: RouteObject[],
  parent?: PageHandle['title'],
  prefix = '',
): Array<{ path: string; title: PageHandle['title'] }> {
  return list.flatMap((route) => {
    const title = (route.handle as PageHandle | undefined)?.title ?? parent;
    const path = route.path ? `${prefix}${route.path}` : prefix;
    const own = route.path || route.index ? [{ path: route.index ? `${prefix}(index)` : path, title }] : [];
    return [...own, ...pageRoutes(route.children ?? [], title, route.path ? `${path}/` : prefix)];
  });
}

describe('page titles (WCAG 2.4.2)', () => {
  it('every page but the landing page names its own title, in both languages', async () => {
    const { i18n } = await import('@/lib/i18n');
    const { pageTitleText } = await import('@/lib/page-title');
    // The slots of /account, /overview, a booking's page and a client's page are parts of those pages, not pages.
    const slots = [
      'account/(index)',
      'overview/(index)',
      'appointments/:bookingId/(index)',
      'clients/:clientId/(index)',
    ];
    const pages = pageRoutes(routes).filter((p) => !slots.includes(p.path));
    const untitled = pages.filter((p) => !p.title).map((p) => p.path);
    expect(untitled).toEqual(['(index)']);
    for (const locale of ['en', 'de'] as const) {
      const titles = pages.map((p) => pageTitleText({ key: p.title }, locale));
      expect(new Set(titles).size, titles.join(' | ')).toBe(titles.length);
    }
    expect(pageTitleText({ key: 'login' }, 'en')).toBe('Sign in · Therapy Finder');
    expect(pageTitleText({ key: 'login' }, 'de')).toBe('Anmelden · Therapy Finder');
    expect(pageTitleText({}, 'en')).toBe(i18n.t('meta.title', { lng: 'en' }));
  });
});
