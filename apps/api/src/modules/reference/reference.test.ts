import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceLists } from '@therapy/contracts/reference';
import type { ReferenceItem } from '@therapy/contracts/regions';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { referenceListRows } from '../../db/seed/data/reference-lists.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const get = (list: string) => t.request({ method: 'GET', url: `/api/v1/reference/${list}` });

describe('GET /reference/:list', () => {
  it('lists a list in picker order', async () => {
    const res = await get('therapy-category');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: ReferenceItem[] };
    expect(data.map((i) => i.code)).toEqual(['individual', 'couples', 'family', 'child-adolescent', 'group']);
    expect(data[0]).toEqual({
      identifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
      code: 'individual',
      name: 'Individual therapy',
    });
  });

  it.each(referenceLists)('serves every seeded item of %s', async (list) => {
    const res = await get(list);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: ReferenceItem[] };
    expect(data.map((i) => [i.code, i.name])).toEqual(referenceListRows[list].map(([code, name]) => [code, name]));
  });

  it('keeps one identifier per item across requests', async () => {
    const first = (await get('speciality')).json() as { data: ReferenceItem[] };
    const second = (await get('speciality')).json() as { data: ReferenceItem[] };
    expect(first.data.length).toBeGreaterThan(0);
    expect(second.data).toEqual(first.data);
  });

  it('answers an unknown list with 404', async () => {
    for (const list of ['therapies', 'Modality', 'reference_items']) {
      const res = await get(list);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found', requestId: expect.any(String) });
    }
  });
});
