import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  const namespaces = Object.keys(files)
    .filter((p) => p.startsWith('./en/'))
    .map((p) => p.slice('./en/'.length));

  it.each(namespaces)('de/%s has exactly the keys of en/%s', (file) => {
    const de = files[`./de/${file}`];
    expect(de, `missing de/${file}`).toBeDefined();
    expect(keys(de).sort()).toEqual(keys(files[`./en/${file}`]).sort());
  });

  it('has no empty translations', () => {
    for (const [path, content] of Object.entries(files)) {
      const flat = keys(content).map((k) =>
        k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], content),
      );
      expect(
        flat.every((v) => typeof v === 'string' && v.trim().length > 0),
        path,
      ).toBe(true);
    }
  });
});
