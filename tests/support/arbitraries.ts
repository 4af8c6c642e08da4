import fc from 'fast-check';

/** fast-check arbitraries that more than one property test draws from. */

const field = fc.string({ minLength: 1, maxLength: 60 });

/** A college as a search service or the catalogue gives it: `id`, `name`, `subname`, maybe `shortName`. */
export const collegeRecord = fc.record({
  id: field,
  name: field,
  subname: fc.string({ maxLength: 60 }),
  shortName: fc.option(fc.string({ maxLength: 60 }), { nil: undefined }),
});

/** The same college as an Algolia hit: its id is the record's `objectID`. */
export const algoliaHit = collegeRecord.map(({ id, ...rest }) => ({ objectID: id, ...rest }));

/** A college as the domain holds it (any text in its fields; the id is never empty). */
export const college = fc.record({
  id: fc.string({ minLength: 1 }),
  name: fc.string(),
  subname: fc.string(),
  shortName: fc.string(),
});

/** A signed-in student as AuthPort gives one. */
export const user = fc.record({
  uid: fc.string({ minLength: 1 }),
  email: fc.emailAddress(),
  displayName: fc.string(),
});

/** A DNS label as the domain rule accepts it: letters, digits and inner hyphens. */
export const dnsLabel = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);

/** A domain of two to four such labels ('alumnos.udg.mx'). */
export const domainName = fc
  .array(dnsLabel, { minLength: 2, maxLength: 4 })
  .map((labels) => labels.join('.'));

/** A local part of an address (no '@'; a '+' now and then: a +tag alias). */
export const localPart = fc.stringMatching(/^[a-z0-9._+-]{1,20}$/);
/** A local part that is its own mailbox (no +tag). */
export const mailboxLocalPart = fc.stringMatching(/^[a-z0-9._-]{1,20}$/);

/**
 * The text of a 'Mi campus no aparece' request, as students and attackers write it: real names
 * with accents, and the same with what the rule refuses mixed in (links, bidi overrides and
 * zero-width characters, other scripts, markup, symbols, controls, odd spaces).
 */
export const campusRequestText = (() => {
  const words = fc.constantFrom(
    'Universidad',
    'Autónoma',
    'de',
    'Nuevo',
    'León',
    'Campus',
    'Ñuñoa',
    'Tecnológico',
    'Bajío',
    'Cd.',
    'Juárez',
    "O'Higgins",
    'Ciencias',
    '&',
    '(CU)',
    'Sur/Norte',
    'Coatzacoalcos',
    'Müller',
    'Zihuatanejo',
  );
  const hostile = fc.constantFrom(
    'https://evil.example/premio',
    'www.premio.example',
    'HTTP://X.MX',
    'evil.example/x',
    '\u202E',
    '\u2066',
    '\u200B',
    '\u00AD',
    '\uFEFF',
    '\u0000',
    '\u001B',
    '<b>',
    '"',
    '@',
    ':',
    '©',
    '™',
    '½',
    'Москва',
    '東京',
    'Ωmega',
    '\u00A0',
    '\u3000',
    '\t',
    '\n',
    'e\u0301',
    '١٢٣',
    '😀',
  );
  const piece = fc.oneof({ weight: 6, arbitrary: words }, { weight: 1, arbitrary: hostile });
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join(' ')),
    },
    {
      weight: 1,
      arbitrary: fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join('')),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  );
})();
