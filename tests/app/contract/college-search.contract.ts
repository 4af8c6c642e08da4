import { describe, expect, it } from 'vitest';
import type { CollegeSearch } from '@/ports/college-search.port';

/** Every CollegeSearch adapter over the seed catalogue behaves alike. */
export function describeCollegeSearchContract(name: string, setup: () => Promise<CollegeSearch>) {
  describe(`CollegeSearch contract: ${name}`, () => {
    it('finds a campus by its acronym, with at most 3 well-formed hits', async () => {
      const search = await setup();
      const found = await search.search('CUCEI');
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(3);
      expect(found[0]).toMatchObject({ id: 'udg-cucei', shortName: 'UDG - CUCEI' });
      for (const c of found)
        expect(Object.keys(c).sort()).toEqual(['id', 'name', 'shortName', 'subname']);
    });

    it('ignores accents and case', async () => {
      const search = await setup();
      const plain = await search.search('tecnologico de monterrey guadalajara');
      const accented = await search.search('TECNOLÓGICO de Monterrey Guadalajara');
      expect(plain.map((c) => c.id)).toContain('itesm-gdl');
      expect(accented.map((c) => c.id)).toEqual(plain.map((c) => c.id));
    });

    it('gives an empty list when nothing matches', async () => {
      const search = await setup();
      expect(await search.search('zzzxqj no existe')).toEqual([]);
    });
  });
}
