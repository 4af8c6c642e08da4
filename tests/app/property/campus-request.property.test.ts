import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campusRequestKey, parseCampusRequest } from '@/domain/campus-request';
import { campusRequestText } from '../../support/arbitraries';

// Issue 28, 'Mi campus no aparece': any input gets a clear answer (a tidy request, or the fields
// to fix), never an exception; what is kept is bounded and free of markup; one campus, however
// written, is one key.

const words = fc
  .array(
    fc.constantFrom('Universidad', 'de', 'Colima', 'Tonalá', 'Ñuu', 'Campus', 'Norte', 'UDG'),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .map((w) => w.join(' '));

describe('campus requests', () => {
  it('any input is a bounded, markup-free request or names the fields to fix', () => {
    fc.assert(
      fc.property(fc.anything(), fc.record({ name: fc.string(), city: fc.string() }), (a, b) => {
        for (const input of [a, b]) {
          const parsed = parseCampusRequest(input);
          if (parsed.ok) {
            const { name, city } = parsed.request;
            expect([...name].length).toBeGreaterThanOrEqual(3);
            expect([...name].length).toBeLessThanOrEqual(120);
            expect([...city].length).toBeGreaterThanOrEqual(2);
            expect([...city].length).toBeLessThanOrEqual(80);
            expect(`${name}${city}`).not.toMatch(/[<>"\\{}[\]\p{Cc}]/u);
            expect(name).toBe(name.trim());
          } else {
            expect(parsed.invalid.length).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it('never keeps a link, a format or control character, a symbol or another script (issue 51)', () => {
    fc.assert(
      fc.property(campusRequestText, campusRequestText, (name, city) => {
        const parsed = parseCampusRequest({ name, city });
        if (!parsed.ok) return;
        for (const text of [parsed.request.name, parsed.request.city]) {
          expect(text).not.toMatch(/:\/\/|www\./i);
          expect(text).not.toMatch(/[\p{Cf}\p{Cc}\p{S}<>"@:]/u);
          expect(text).not.toMatch(
            /[\p{Script=Cyrillic}\p{Script=Han}\p{Script=Greek}\p{Script=Arabic}]/u,
          );
        }
      }),
      { numRuns: 500 },
    );
    expect(
      parseCampusRequest({ name: 'Visita https://evil.example/premio', city: 'León' }),
    ).toEqual({
      ok: false,
      invalid: ['name'],
    });
    expect(parseCampusRequest({ name: 'Universidad www.evil.example', city: 'León' }).ok).toBe(
      false,
    );
  });

  it('one campus written with other case, accents, spaces or punctuation is one key', () => {
    fc.assert(
      fc.property(words, words, (name, city) => {
        const key = campusRequestKey({ name, city });
        const messy = {
          name: `  ${name.toUpperCase().replace(/ /g, '  ,')} `,
          city: city.normalize('NFD').toLowerCase(),
        };
        const parsed = parseCampusRequest(messy);
        if (parsed.ok) expect(campusRequestKey(parsed.request)).toBe(key);
        expect(campusRequestKey(messy)).toBe(key);
      }),
    );
  });

  it('keeps names as students write them, accents and all', () => {
    expect(
      parseCampusRequest({ name: ' Universidad  de Colima, Manzanillo ', city: 'Manzanillo' }),
    ).toEqual({
      ok: true,
      request: { name: 'Universidad de Colima, Manzanillo', city: 'Manzanillo' },
    });
    expect(
      parseCampusRequest({ name: 'Tecnológico de Tlajomulco', city: 'Tlajomulco de Zúñiga' }).ok,
    ).toBe(true);
    expect(parseCampusRequest({ name: 'U', city: '' })).toEqual({
      ok: false,
      invalid: ['name', 'city'],
    });
  });
});
