import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { createFlags } from './flags.ts';

/** The flags service (issue 16): known flags with their defaults, FLAGS over them, and the web app reads them all. */
describe('feature flags', () => {
  it('known flags have their default; FLAGS turns them on; an unknown name reads false', async () => {
    expect(await (await createFlags({})).isEnabled('therapist_listing_on_homepage')).toBe(false);
    const on = await createFlags({ therapist_listing_on_homepage: true, beta_thing: true });
    expect(await on.isEnabled('therapist_listing_on_homepage')).toBe(true);
    expect(await on.all()).toEqual({ therapist_listing_on_homepage: true, beta_thing: true });
    expect(await on.isEnabled('no_such_flag' as never)).toBe(false);
  });

  let other: TestApp | undefined;
  afterAll(async () => other?.close());
  it('GET /app-config gives the web app every flag; two apps in one process keep their own', async () => {
    const off = await buildTestApp();
    try {
      other = await buildTestApp({ FLAGS: '{"therapist_listing_on_homepage":true}' });
      expect((await off.request({ method: 'GET', url: '/api/v1/app-config' })).json().data.flags).toEqual({
        therapist_listing_on_homepage: false,
      });
      expect((await other.request({ method: 'GET', url: '/api/v1/app-config' })).json().data.flags).toEqual({
        therapist_listing_on_homepage: true,
      });
    } finally {
      await off.close();
    }
  });
});
