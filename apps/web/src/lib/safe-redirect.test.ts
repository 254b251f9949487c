import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows same-site paths with their query', () => {
    expect(safeRedirect('/account?tab=email')).toBe('/account?tab=email');
  });

  it.each([null, '', 'overview', '//evil.example/x', '/\\evil.example', 'https://evil.example'])(
    'falls back for %s',
    (target) => {
      expect(safeRedirect(target)).toBe('/overview');
    },
  );
});
