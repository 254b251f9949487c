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

  it('are the public pages: landing, sign-in and sign-up, policies, therapists', () => {
    expect(pages.map((p) => p.path).sort()).toEqual(
      ['(index)', 'forgot-password', 'login', 'policy/client-cancellation', 'policy/provider-cancellation', 'register', 'register/client', 'register/provider', 'therapists/:providerId'].sort(),
    );
  });

  it('name a module that exists, so the server can preload its chunk from the build manifest', () => {
    const webRoot = path.resolve(__dirname, '../..');
    for (const { page } of pages) if (page.source) expect(fs.existsSync(path.join(webRoot, page.source)), page.source).toBe(true);
  });
});
