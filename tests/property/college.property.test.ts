import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collegeFromHit,
  collegesFromSearchAnswer,
  DEFAULT_COLLEGES,
  parseCollege,
} from '@/domain/college';

const field = fc.string({ minLength: 1, maxLength: 60 });
const hit = fc.record({
  objectID: field,
  name: field,
  subname: fc.string({ maxLength: 60 }),
  shortName: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
});

describe('college rules', () => {
  it('keeps the three default colleges of spec section 3', () => {
    expect(DEFAULT_COLLEGES.map((c) => [c.id, `${c.name} ${c.subname}`, c.shortName])).toEqual([
      ['udg-cucea', 'Universidad de Guadalajara CUCEA', 'UDG - CUCEA'],
      ['udg-cucei', 'Universidad de Guadalajara CUCEI', 'UDG - CUCEI'],
      ['itesm-gdl', 'Tecnológico de Monterrey Guadalajara', 'ITESM - GDL'],
    ]);
  });

  it('maps objectID to id, and shortName falls back to subname', () => {
    fc.assert(
      fc.property(hit, (h) => {
        const college = collegeFromHit(h);
        expect(college).toEqual({
          id: h.objectID,
          name: h.name,
          subname: h.subname,
          shortName: h.shortName || h.subname,
        });
      }),
    );
  });

  it('maps every hit of a search answer, in order', () => {
    fc.assert(
      fc.property(fc.array(hit, { maxLength: 10 }), (hits) => {
        const colleges = collegesFromSearchAnswer({ results: [{ hits }] });
        expect(colleges.map((c) => c.id)).toEqual(hits.map((h) => h.objectID));
      }),
    );
  });

  it('gives an empty list for a missing results list or missing hits', () => {
    for (const answer of [
      undefined,
      null,
      {},
      { results: [] },
      { results: [{}] },
      { results: null },
    ]) {
      expect(collegesFromSearchAnswer(answer)).toEqual([]);
    }
  });

  it('never throws and only returns well-formed colleges, whatever the answer', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ results: fc.array(fc.record({ hits: fc.anything() })) }),
        ),
        (answer) => {
          for (const c of collegesFromSearchAnswer(answer)) {
            expect(typeof c.id).toBe('string');
            expect(c.id.length).toBeGreaterThan(0);
            expect(typeof c.name).toBe('string');
            expect(typeof c.subname).toBe('string');
            expect(typeof c.shortName).toBe('string');
          }
        },
      ),
    );
  });

  it('reads back any college it stored, and rejects anything else', () => {
    fc.assert(
      fc.property(hit, (h) => {
        const college = collegeFromHit(h)!;
        expect(parseCollege(JSON.parse(JSON.stringify(college)))).toEqual(college);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseCollege(value);
        if (parsed)
          expect(Object.keys(parsed).sort()).toEqual(['id', 'name', 'shortName', 'subname']);
      }),
    );
  });
});
