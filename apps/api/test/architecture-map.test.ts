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
