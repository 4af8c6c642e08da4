import type { CatalogueEntry } from './catalogue-entry';

/**
 * The three default colleges of spec section 3: offered for an empty search and when a search
 * fails, and first in the catalogue. Plain data: imports nothing of ours but its type.
 */
export const DEFAULT_CATALOGUE_ENTRIES: readonly CatalogueEntry[] = [
  {
    id: 'udg-cucea',
    name: 'Universidad de Guadalajara',
    subname: 'CUCEA',
    shortName: 'UDG - CUCEA',
    city: 'Zapopan',
    state: 'Jalisco',
    keywords: [
      'UdeG',
      'UDG',
      'U de G',
      'CUCEA',
      'Centro Universitario de Ciencias Económico Administrativas',
      'Los Belenes',
      'Zapopan',
    ],
  },
  {
    id: 'udg-cucei',
    name: 'Universidad de Guadalajara',
    subname: 'CUCEI',
    shortName: 'UDG - CUCEI',
    city: 'Guadalajara',
    state: 'Jalisco',
    keywords: [
      'UdeG',
      'UDG',
      'U de G',
      'CUCEI',
      'Centro Universitario de Ciencias Exactas e Ingenierías',
      'Guadalajara',
    ],
  },
  {
    id: 'itesm-gdl',
    name: 'Tecnológico de Monterrey',
    subname: 'Guadalajara',
    shortName: 'ITESM - GDL',
    city: 'Zapopan',
    state: 'Jalisco',
    keywords: [
      'ITESM',
      'Tec',
      'Tec de Monterrey',
      'Instituto Tecnológico y de Estudios Superiores de Monterrey',
      'GDL',
      'Zapopan',
      'Guadalajara',
    ],
  },
];
