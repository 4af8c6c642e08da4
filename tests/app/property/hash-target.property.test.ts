import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashTarget } from '@/ui/route';

describe('the address hash names a section, or nothing', () => {
  it('never throws, whatever the hash', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 24 }), (raw) => {
        const id = hashTarget(`#${raw}`);
        expect(id === null || typeof id === 'string').toBe(true);
      }),
    );
  });

  it('decodes a well-formed hash and ignores a malformed one', () => {
    expect(hashTarget('#faq')).toBe('faq');
    expect(hashTarget('#preguntas%20frecuentes')).toBe('preguntas frecuentes');
    for (const bad of ['#%', '#%E0%A4%A', '#%ZZ', '#', '']) expect(hashTarget(bad)).toBeNull();
  });

  it('gives back any id it was given, encoded', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        expect(hashTarget(`#${encodeURIComponent(id)}`)).toBe(id);
      }),
    );
  });
});
