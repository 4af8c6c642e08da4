import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campusRequestKey, looksLikeContact, parseCampusRequest } from '@/domain/campus-request';
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

// Issue 59: a request names a campus, never a place to write to. Its text names a pending campus
// on the page and in the operators' report: a link, an e-mail, a domain or a phone number in it is
// refused, wherever it sits, in the name or the city, and the form says why (looksLikeContact).
describe('campus requests refuse contacts (issue 59)', () => {
  const label = fc.stringMatching(/^[a-z]([a-z0-9-]{0,9}[a-z0-9])?$/);
  const tld = fc.constantFrom('com', 'mx', 'COM', 'edu.mx', 'org', 'net', 'io', 'xyz');
  const digit = fc.constantFrom(...'0123456789');
  const separator = fc.constantFrom('', '', ' ', '-', '.', '/');
  const contact = fc.oneof(
    fc.tuple(label, tld).map(([l, t]) => `${l}.${t}`),
    label.map((l) => `www.${l}`),
    fc.tuple(label, label).map(([a, b]) => `${a}@${b}`),
    label.map((l) => `https://${l}`),
    // 5 to 12 digits, at most one space, dot, hyphen or slash between two of them.
    fc
      .array(fc.tuple(separator, digit), { minLength: 4, maxLength: 11 })
      .chain((rest) => digit.map((first) => first + rest.map(([s, d]) => s + d).join(''))),
  );
  const around = fc.tuple(words, words);

  it('a link, an e-mail, a domain or 5 digits anywhere in the name or the city is refused, and said so', () => {
    fc.assert(
      fc.property(contact, around, fc.boolean(), (token, [before, after], inCity) => {
        const text = `${before} ${token} ${after}`;
        const parsed = parseCampusRequest(
          inCity ? { name: 'Universidad de Colima', city: text } : { name: text, city: 'Colima' },
        );
        expect(parsed).toEqual({ ok: false, invalid: [inCity ? 'city' : 'name'] });
        expect(looksLikeContact(text)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('names with abbreviations and short numbers are kept', () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 0, max: 9999 }), (name, n) => {
        const text = `${name} ${n}`;
        expect(looksLikeContact(text)).toBe(false);
        expect(parseCampusRequest({ name: text, city: 'Cd. Juárez' }).ok).toBe(true);
      }),
    );
    for (const name of [
      'U. de G. Campus Norte',
      'U.N.A.M. Ciudad Universitaria',
      'Instituto Tecnológico de Cd. Juárez',
      'Cd.Juárez',
      'Universidad Vasco de Quiroga 2',
      'CBTIS 1 Plantel 2',
    ]) {
      expect(parseCampusRequest({ name, city: 'León' }).ok, name).toBe(true);
    }
    for (const name of [
      'Escríbeme a algo.com',
      'UDG.MX',
      'Llama al 33 1234 5678',
      'Campus 12345',
    ]) {
      expect(parseCampusRequest({ name, city: 'León' }).ok, name).toBe(false);
    }
  });
});
