/** One campus of the seed catalogue that every backend shares (src/data/college-catalogue.ts). */
export interface CatalogueEntry {
  readonly id: string; // kebab-case, stable, ascii only, e.g. 'udg-cucea'
  readonly name: string; // institution name, e.g. 'Universidad de Guadalajara'
  readonly subname: string; // campus / centre, e.g. 'CUCEA'
  readonly shortName: string; // compact label shown in a selector, e.g. 'UDG - CUCEA'
  readonly city: string; // municipality or city the campus is in, e.g. 'Zapopan'
  readonly state: string; // one of the 32 federal entities, usual name, e.g. 'Jalisco'
  readonly keywords: readonly string[]; // extra search terms: acronyms, nicknames, city
}

/**
 * What the search indexes hold of a campus (Algolia's records, the memory backend's search): the
 * catalogue entry without its location, which campuses added by `campus:add` do not have.
 */
export type IndexedCampus = Omit<CatalogueEntry, 'city' | 'state'>;
