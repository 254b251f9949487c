import { featureCatalogues } from '@therapy/contracts/messages';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const files = import.meta.glob<Record<string, unknown>>('./de/*.json', { eager: true, import: 'default' });

/** The glossary's forbidden variants: each `pattern` of a table row's last column ("not in German"). */
function forbiddenVariants(markdown: string): Array<{ term: string; pattern: RegExp }> {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| en ') && !line.startsWith('| ---'))
    .flatMap((line) => {
      const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
      const term = cells[1]!;
      const last = cells[cells.length - 2]!;
      return [...last.matchAll(/`([^`]+)`/g)].map((match) => ({ term, pattern: new RegExp(match[1]!, 'u') }));
    });
}

/** Every German text with where it is: the values of the de locale files and the `de` of each message. */
function germanTexts(): Array<{ where: string; text: string }> {
  const texts: Array<{ where: string; text: string }> = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') texts.push({ where, text: value });
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) walk(child, `${where}.${key}`);
  };
  for (const [path, content] of Object.entries(files)) walk(content, path.slice(2));
  for (const [feature, catalogue] of Object.entries(featureCatalogues))
    for (const [key, entry] of Object.entries(catalogue))
      texts.push({ where: `messages/${feature}.${key}`, text: (entry as { de: string }).de });
  return texts;
}

/** The repository's glossary, found from this file (`__dirname`-like under jsdom too) wherever the tests start. */
const here = import.meta.dirname ?? dirname(new URL(import.meta.url).pathname);
const glossary = readFileSync(resolve(here, '../../../../docs/glossary.md'), 'utf8');

describe('the glossary (docs/glossary.md)', () => {
  const variants = forbiddenVariants(glossary);

  it('lists the terms the German texts must keep to', () => {
    const terms = variants.map((v) => v.term);
    for (const term of ['client, clients', 'session fee', 'payment pending', 'cancelled', 'wallet'])
      expect(terms).toContain(term);
    // The check finds what it is for (a test that cannot fail would prove nothing).
    const client = variants.find((v) => v.term === 'client, clients')!.pattern;
    for (const bad of ['Klienten', 'Klient:in', 'die Klientin', 'Klientenkonto'])
      expect(client.test(bad), bad).toBe(true);
    for (const good of ['Klient*in', 'Klient*innen', 'Klient*innenkonto']) expect(client.test(good), good).toBe(false);
  });

  it('no German text uses a variant the glossary rules out', () => {
    const found = germanTexts().flatMap(({ where, text }) =>
      variants
        .filter(({ pattern }) => pattern.test(text))
        .map(({ term, pattern }) => `${where}: ${term} (${pattern.source}) in "${text}"`),
    );
    expect(found).toEqual([]);
  });
});
