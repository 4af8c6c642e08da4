import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMPUS_NAME_LENGTH, CITY_LENGTH, parseCampusRequest } from '@/domain/campus-request';
import { withFreshDatabase } from '../support/fresh-database';
import { campusRequestText } from '../support/arbitraries';

// Issue 51, item 4: the database's wall for 'Mi campus no aparece' (request_campus, in
// …_campus_requests_wall.sql) refuses whatever the page's parser refuses (src/domain/
// campus-request-rule.ts): links, format and control characters, other scripts, symbols. Texts
// of real names are accepted by both.

const db = withFreshDatabase('campus_request_wall');

/** What the database's wall says of each text, as a name or as a city. */
async function wall(texts: string[], { min, max }: { min: number; max: number }) {
  const { rows } = await db.admin.query<{ ok: boolean }>(
    `select private.campus_request_text_ok(private.campus_request_tidy(t), $2, $3) as ok
     from unnest($1::text[]) with ordinality as x(t, i) order by i`,
    [texts, min, max],
  );
  return rows.map((r) => r.ok);
}

/** The domain's verdict on a text as the name (with a valid city), or as the city. */
const domainAccepts = (text: string, field: 'name' | 'city') =>
  parseCampusRequest(
    field === 'name' ? { name: text, city: 'León' } : { name: 'Universidad', city: text },
  ).ok;

// PostgreSQL's text holds no NUL character (PostgREST refuses such a request before SQL).
const sqlText = campusRequestText.filter((t) => !t.includes('\u0000'));

describe("the database's wall for 'Mi campus no aparece'", () => {
  it('refuses whatever the domain refuses, as a name and as a city', async () => {
    const samples = fc.sample(sqlText, { numRuns: 600, seed: 51 });
    for (const [field, limits] of [
      ['name', CAMPUS_NAME_LENGTH],
      ['city', CITY_LENGTH],
    ] as const) {
      const verdicts = await wall(samples, limits);
      const leaks = samples.filter((t, i) => verdicts[i] && !domainAccepts(t, field));
      expect(leaks, `${field}: accepted by the database, refused by the domain`).toEqual([]);
    }
  });

  it('accepts the real names the domain accepts, accents and punctuation included', async () => {
    const names = [
      'Universidad de Colima, Manzanillo',
      'Universidad Autónoma de Nuevo León',
      "Instituto Tecnológico de Cd. Juárez (ITCJ) & O'Higgins",
      'Universidad del Bajío - Campus Sur/Norte',
      'Escuela Müller’s de Ñuñoa',
      'Universidad Vasco de Quiroga 2',
    ];
    expect(names.every((n) => domainAccepts(n, 'name'))).toBe(true);
    expect(await wall(names, CAMPUS_NAME_LENGTH)).toEqual(names.map(() => true));
  });

  it('refuses the review’s link, a link without its scheme, and format characters', async () => {
    const bad = [
      'Visita https://evil.example/premio',
      'Universidad www.premio.example',
      'Universidad \u202Elanoican',
      'Universidad\u200B del Bajío',
      'Universidad \u2066del Bajío\u2069',
      'Universidad de Москва',
    ];
    expect(await wall(bad, CAMPUS_NAME_LENGTH)).toEqual(bad.map(() => false));
  });
});
