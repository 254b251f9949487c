import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedTable, moduleEntries, moduleTable } from './module-map.ts';

describe('docs/architecture.md', () => {
  it('lists every API module with the faces it imports and what it offers, as the code has them (run `npm run docs:modules` after a change)', () => {
    expect(documentedTable()).toBe(moduleTable());
  });

  it('is made from every module folder, bookings among them, with what their faces return', () => {
    const entries = moduleEntries();
    expect(entries.length).toBeGreaterThanOrEqual(28);
    const bookings = entries.find((e) => e.name === 'bookings');
    expect(bookings?.dependsOn).toEqual(expect.arrayContaining(['wallet', 'availability']));
    expect(bookings?.offers).toContain('factsOf');
    expect(entries.find((e) => e.name === 'wallet')?.offers).toEqual(
      expect.arrayContaining(['debit', 'refund', 'transfer']),
    );
  });
});

describe('db/schema', () => {
  const dir = path.join(import.meta.dirname, '../src/db/schema');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'columns.ts')
    .map((f) => f.replace(/\.ts$/, ''));
  const ownership = JSON.parse(fs.readFileSync(path.join(dir, 'owners.json'), 'utf8')) as {
    owners: Record<string, string>;
  };

  it('names an owning module for every schema file, and only for files that exist', () => {
    expect(Object.keys(ownership.owners).sort()).toEqual([...files].sort());
  });

  it('re-exports every schema file from the index drizzle-kit reads, so no table escapes the migrations', () => {
    const index = fs.readFileSync(path.join(dir, 'index.ts'), 'utf8');
    const exported = [...index.matchAll(/export \* from '\.\/([\w-]+)\.ts'/g)].map((m) => m[1]);
    expect([...exported].sort()).toEqual([...files].sort());
  });
});
