/** One campus of the seed catalogue that every backend shares (src/data/college-catalogue.ts). */
export interface CatalogueEntry {
  readonly id: string; // kebab-case, stable, ascii only, e.g. 'udg-cucea'
  readonly name: string; // institution name, e.g. 'Universidad de Guadalajara'
  readonly subname: string; // campus / centre, e.g. 'CUCEA'
  readonly shortName: string; // compact label shown in a selector, e.g. 'UDG - CUCEA'
  readonly keywords: readonly string[]; // extra search terms: acronyms, nicknames, city
}
