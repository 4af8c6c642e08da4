import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  collegeFromAlgoliaHit,
  collegesFromAlgoliaAnswer,
} from '@/adapters/algolia/algolia-answer';
import { algoliaHit as hit } from '../../support/arbitraries';

// Algolia's answer shape, read in its adapter: `objectID` is the college's id, the hits are in
// `results[0].hits`.
describe("Algolia's answer", () => {
  it('maps objectID to id, and shortName falls back to subname', () => {
    fc.assert(
      fc.property(hit, (h) => {
        const college = collegeFromAlgoliaHit(h);
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
        const colleges = collegesFromAlgoliaAnswer({ results: [{ hits }] });
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
      expect(collegesFromAlgoliaAnswer(answer)).toEqual([]);
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
          for (const c of collegesFromAlgoliaAnswer(answer)) {
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

  it('falls back to id when a hit has no usable objectID', () => {
    expect(collegeFromAlgoliaHit({ id: 'udg-cucei', name: 'UDG' })?.id).toBe('udg-cucei');
    expect(collegeFromAlgoliaHit({ objectID: 7, id: 'udg-cucei', name: 'UDG' })?.id).toBe(
      'udg-cucei',
    );
    expect(collegeFromAlgoliaHit({ objectID: 7, name: 'UDG' })).toBeNull();
  });
});
