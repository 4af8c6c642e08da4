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

/** A local part of an address (no '@'). */
export const localPart = fc.stringMatching(/^[a-z0-9._+-]{1,20}$/);
