import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { College } from '@/domain/college';
import { DEFAULT_COLLEGES } from '@/domain/default-colleges';
import { createSearchColleges } from '@/domain/use-cases/search-colleges.use-case';
import { college } from '../../support/arbitraries';

const blank = fc.stringMatching(/^[ \t\n\r]*$/, { maxLength: 20 });
const nonBlank = fc.string({ maxLength: 120 }).filter((q) => q.trim().length > 0);

describe('searchColleges use case', () => {
  it('gives the three defaults for a blank query without calling the port', async () => {
    await fc.assert(
      fc.asyncProperty(blank, async (query) => {
        let calls = 0;
        const search = createSearchColleges({
          collegeSearch: { search: async () => (calls++, []) },
        });
        expect((await search(query, true)).colleges).toEqual(DEFAULT_COLLEGES);
        expect((await search(query, false)).colleges).toEqual([]);
        expect(calls).toBe(0);
      }),
    );
  });

  it('passes the trimmed query to the port and returns its colleges', async () => {
    await fc.assert(
      fc.asyncProperty(nonBlank, fc.array(college, { maxLength: 5 }), async (query, found) => {
        const seen: string[] = [];
        const search = createSearchColleges({
          collegeSearch: { search: async (q) => (seen.push(q), found as College[]) },
        });
        const outcome = await search(query);
        expect(outcome).toEqual({ colleges: found });
        expect(seen).toEqual([query.trim().slice(0, 100)]);
      }),
    );
  });

  it('gives the three defaults and the error on any failure', async () => {
    await fc.assert(
      fc.asyncProperty(nonBlank, fc.anything(), async (query, thrown) => {
        const search = createSearchColleges({
          collegeSearch: { search: () => Promise.reject(thrown) },
        });
        const outcome = await search(query);
        expect(outcome.colleges).toEqual(DEFAULT_COLLEGES);
        expect(outcome.error).toBeDefined();
      }),
    );
  });
});
