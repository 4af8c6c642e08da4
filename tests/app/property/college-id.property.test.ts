import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCollegeId, MAX_COLLEGE_ID_LENGTH } from '@/domain/college';

const slugPart = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const slug = fc.array(slugPart, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('-'));
/** Characters that never belong in an id: whitespace, formula, control, bidi, upper case. */
const bad = fc.constantFrom(' ', '\t', '\n', '=', '+', '@', '\u0000', '\u202e', '\u2066', 'A', 'é');

describe('the college-id rule', () => {
  it('accepts every lowercase ASCII slug up to the limit', () => {
    fc.assert(
      fc.property(slug, (id) => {
        expect(isCollegeId(id)).toBe(id.length <= MAX_COLLEGE_ID_LENGTH);
      }),
    );
  });

  it('refuses a slug with any bad character inserted, and anything that is not a string', () => {
    fc.assert(
      fc.property(slug, bad, fc.nat(), (id, c, at) => {
        const i = at % (id.length + 1);
        expect(isCollegeId(id.slice(0, i) + c + id.slice(i))).toBe(false);
      }),
    );
    fc.assert(fc.property(fc.anything(), (v) => typeof v === 'string' || !isCollegeId(v)));
  });

  it('refuses empty ids, leading, trailing or double hyphens and ids over 64 characters', () => {
    for (const id of ['', '-a', 'a-', 'a--b', 'a'.repeat(MAX_COLLEGE_ID_LENGTH + 1)]) {
      expect(isCollegeId(id)).toBe(false);
    }
    expect(isCollegeId('a'.repeat(MAX_COLLEGE_ID_LENGTH))).toBe(true);
  });
});
