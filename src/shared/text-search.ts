/** Lower-cases, strips accents and collapses spaces, so that 'Tecnológico' matches 'tecnologico'. */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a query, normalised; empty for a blank query. */
export const searchTerms = (query: string): string[] =>
  normalizeForSearch(query).split(' ').filter(Boolean);

/**
 * True when every term of the query starts a word of the haystack or is contained in a compact
 * form of it (so 'udeg' finds 'U de G' and 'cucei' finds 'CUCEI').
 */
export function matchesAllTerms(terms: readonly string[], haystack: string): boolean {
  const normal = normalizeForSearch(haystack);
  const words = normal.split(' ');
  const compact = normal.replace(/ /g, '');
  return terms.every((t) => words.some((w) => w.startsWith(t)) || compact.includes(t));
}
