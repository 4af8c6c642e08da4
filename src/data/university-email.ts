import type { CatalogueEntry } from './catalogue-entry';

/**
 * The e-mail domains of each university in the catalogue (issue 28: only students verified by
 * their university's e-mail count toward opening their campus). Keyed by the catalogue entry's
 * `name`; every campus of a university shares its domains (an address does not say which campus).
 * The domains are the universities' own, as their public sites publish them (docs/product.md,
 * "Verified students", says how to review and change them): a university's domain also covers its
 * subdomains (`unam.mx` covers `comunidad.unam.mx`), and where a university gives its students a
 * domain of their own, that one alone (`alumnos.udg.mx`), so that staff addresses do not count.
 * `of` completes 'Verificado con tu correo …' ('de la UdeG', 'del Tec').
 */
export interface UniversityEmail {
  readonly domains: readonly string[];
  readonly of: string;
}

export const UNIVERSITY_EMAIL: Readonly<Record<string, UniversityEmail>> = {
  'Universidad de Guadalajara': { domains: ['alumnos.udg.mx'], of: 'de la UdeG' },
  'Tecnológico de Monterrey': { domains: ['tec.mx', 'itesm.mx'], of: 'del Tec' },
  'ITESO, Universidad Jesuita de Guadalajara': { domains: ['iteso.mx'], of: 'del ITESO' },
  'Universidad Nacional Autónoma de México': { domains: ['unam.mx'], of: 'de la UNAM' },
  'Instituto Politécnico Nacional': { domains: ['alumno.ipn.mx'], of: 'del IPN' },
  'Universidad Autónoma Metropolitana': { domains: ['uam.mx'], of: 'de la UAM' },
  'Universidad Iberoamericana': { domains: ['ibero.mx', 'uia.mx'], of: 'de la Ibero' },
  'Universidad Anáhuac': { domains: ['anahuac.mx'], of: 'de la Anáhuac' },
  'Universidad del Valle de México': { domains: ['uvm.edu.mx'], of: 'de la UVM' },
  'Universidad Tecnológica de México': { domains: ['unitec.edu.mx'], of: 'de UNITEC' },
  'Universidad Autónoma de Baja California': { domains: ['uabc.edu.mx'], of: 'de la UABC' },
  'Universidad de Guanajuato': { domains: ['ugto.mx'], of: 'de la UG' },
  'Universidad Veracruzana': { domains: ['uv.mx'], of: 'de la UV' },
  'Universidad Panamericana': { domains: ['up.edu.mx'], of: 'de la Panamericana' },
  'Universidad Cuauhtémoc': { domains: ['ucuauhtemoc.edu.mx'], of: 'de la Cuauhtémoc' },
  'Universidad del Valle de Atemajac': { domains: ['univa.mx'], of: 'de la UNIVA' },
  'Universidad de las Américas Puebla': { domains: ['udlap.mx'], of: 'de la UDLAP' },
  'Universidad de Sonora': { domains: ['unison.mx'], of: 'de la Unison' },
  'Universidad de Monterrey': { domains: ['udem.edu'], of: 'de la UDEM' },
  'Universidad de Colima': { domains: ['ucol.mx'], of: 'de la UCol' },
  'Universidad Michoacana de San Nicolás de Hidalgo': {
    domains: ['umich.mx'],
    of: 'de la Michoacana',
  },
  'Universidad La Salle': { domains: ['lasalle.mx'], of: 'de La Salle' },
  'Universidad De La Salle Bajío': { domains: ['delasalle.edu.mx'], of: 'de La Salle Bajío' },
  'Universidad Autónoma del Estado de México': { domains: ['uaemex.mx'], of: 'de la UAEMéx' },
  'Universidad Autónoma de Yucatán': { domains: ['uady.mx'], of: 'de la UADY' },
  'Universidad Autónoma de San Luis Potosí': { domains: ['uaslp.mx'], of: 'de la UASLP' },
  'Universidad Autónoma de Querétaro': { domains: ['uaq.mx'], of: 'de la UAQ' },
  'Universidad Autónoma de Nuevo León': { domains: ['uanl.edu.mx'], of: 'de la UANL' },
  'Universidad Autónoma de Guadalajara': { domains: ['uag.mx'], of: 'de la UAG' },
  'Universidad Autónoma de Aguascalientes': { domains: ['uaa.mx'], of: 'de la UAA' },
  'Benemérita Universidad Autónoma de Puebla': { domains: ['buap.mx'], of: 'de la BUAP' },
  'Instituto Tecnológico Autónomo de México': { domains: ['itam.mx'], of: 'del ITAM' },
  'Centro Universitario UTEG': { domains: ['uteg.edu.mx'], of: 'de la UTEG' },
};

/** A campus's e-mail domains and wording, or null when its university has none on file. */
export const universityEmailOf = (entry: Pick<CatalogueEntry, 'name'>): UniversityEmail | null =>
  UNIVERSITY_EMAIL[entry.name] ?? null;
