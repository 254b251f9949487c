import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('seeded avatars', () => {
  it('every seeded avatar is an image that ships with the web app', async () => {
    const { rows } = await t.db.$client.query<{ photo_url: string }>(
      'SELECT photo_url FROM avatars ORDER BY sort_order',
    );
    expect(rows).toHaveLength(12);
    for (const { photo_url } of rows) {
      const file = path.join(publicDir, photo_url);
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(fs.readFileSync(file, 'utf8')).not.toMatch(/<script|on\w+=|href="http/i);
    }
  });

  it('refuses an avatar that points outside the app', async () => {
    await expect(
      t.db.$client.query(
        "INSERT INTO avatars (identifier, code, photo_url, sort_order) VALUES (gen_random_uuid(), 'x', 'https://example.com/a.png', 99)",
      ),
    ).rejects.toThrow(/avatars_photo_url_local/);
  });
});
