// Generated from src/data/university-email.ts by `npm run functions:copies -- --write`.
// Do not edit: tests/tooling/data/functions-copies.test.ts fails when the two disagree.

/** Each campus of the catalogue with an e-mail domain on file: its domains and wording. */
export const CAMPUS_EMAIL: Readonly<
  Record<string, { readonly domains: readonly string[]; readonly of: string } | undefined>
> = {
  'udg-cucea': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cucei': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'itesm-gdl': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'udg-cucs': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cucsh': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cuaad': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cucba': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cugdl': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cutonala': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cutlajomulco': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cutlaquepaque': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cuchapala': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cualtos': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cucienega': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cucosta': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cucsur': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-culagos': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cunorte': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cusur': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-cuvalles': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'udg-virtual': {
    domains: ['alumnos.udg.mx'],
    of: 'de la UdeG',
  },
  'itesm-mty': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-cdmx': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-edomex': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-santa-fe': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-puebla': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-qro': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-toluca': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-leon': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-chihuahua': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-sonora-norte': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-laguna': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-slp': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-ags': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-morelia': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-sinaloa': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-chiapas': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-cd-juarez': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-cd-obregon': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-cuernavaca': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-hidalgo': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-irapuato': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-saltillo': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-tampico': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  'itesm-zacatecas': {
    domains: ['tec.mx', 'itesm.mx'],
    of: 'del Tec',
  },
  iteso: {
    domains: ['iteso.mx'],
    of: 'del ITESO',
  },
  uag: {
    domains: ['uag.mx'],
    of: 'de la UAG',
  },
  'univa-gdl': {
    domains: ['univa.mx'],
    of: 'de la UNIVA',
  },
  'up-gdl': {
    domains: ['up.edu.mx'],
    of: 'de la Panamericana',
  },
  uteg: {
    domains: ['uteg.edu.mx'],
    of: 'de la UTEG',
  },
  'unitec-gdl': {
    domains: ['unitec.edu.mx'],
    of: 'de UNITEC',
  },
  'unam-cu': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'unam-fes-acatlan': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'unam-fes-aragon': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'unam-fes-cuautitlan': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'unam-fes-iztacala': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'unam-fes-zaragoza': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'unam-enes-morelia': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'unam-enes-leon': {
    domains: ['unam.mx'],
    of: 'de la UNAM',
  },
  'ipn-escom': {
    domains: ['alumno.ipn.mx'],
    of: 'del IPN',
  },
  'ipn-esime-zacatenco': {
    domains: ['alumno.ipn.mx'],
    of: 'del IPN',
  },
  'ipn-esia-zacatenco': {
    domains: ['alumno.ipn.mx'],
    of: 'del IPN',
  },
  'ipn-esiqie': {
    domains: ['alumno.ipn.mx'],
    of: 'del IPN',
  },
  'ipn-upiicsa': {
    domains: ['alumno.ipn.mx'],
    of: 'del IPN',
  },
  'ipn-upiita': {
    domains: ['alumno.ipn.mx'],
    of: 'del IPN',
  },
  'ipn-esca-santo-tomas': {
    domains: ['alumno.ipn.mx'],
    of: 'del IPN',
  },
  'uam-azcapotzalco': {
    domains: ['uam.mx'],
    of: 'de la UAM',
  },
  'uam-iztapalapa': {
    domains: ['uam.mx'],
    of: 'de la UAM',
  },
  'uam-xochimilco': {
    domains: ['uam.mx'],
    of: 'de la UAM',
  },
  'uam-cuajimalpa': {
    domains: ['uam.mx'],
    of: 'de la UAM',
  },
  'uam-lerma': {
    domains: ['uam.mx'],
    of: 'de la UAM',
  },
  itam: {
    domains: ['itam.mx'],
    of: 'del ITAM',
  },
  'ibero-cdmx': {
    domains: ['ibero.mx', 'uia.mx'],
    of: 'de la Ibero',
  },
  'ibero-puebla': {
    domains: ['ibero.mx', 'uia.mx'],
    of: 'de la Ibero',
  },
  'ibero-leon': {
    domains: ['ibero.mx', 'uia.mx'],
    of: 'de la Ibero',
  },
  'ibero-tijuana': {
    domains: ['ibero.mx', 'uia.mx'],
    of: 'de la Ibero',
  },
  'ibero-torreon': {
    domains: ['ibero.mx', 'uia.mx'],
    of: 'de la Ibero',
  },
  'anahuac-norte': {
    domains: ['anahuac.mx'],
    of: 'de la Anáhuac',
  },
  'anahuac-sur': {
    domains: ['anahuac.mx'],
    of: 'de la Anáhuac',
  },
  'anahuac-queretaro': {
    domains: ['anahuac.mx'],
    of: 'de la Anáhuac',
  },
  'anahuac-mayab': {
    domains: ['anahuac.mx'],
    of: 'de la Anáhuac',
  },
  'up-cdmx': {
    domains: ['up.edu.mx'],
    of: 'de la Panamericana',
  },
  'la-salle-cdmx': {
    domains: ['lasalle.mx'],
    of: 'de La Salle',
  },
  'la-salle-bajio': {
    domains: ['delasalle.edu.mx'],
    of: 'de La Salle Bajío',
  },
  'uvm-tlalpan': {
    domains: ['uvm.edu.mx'],
    of: 'de la UVM',
  },
  'uvm-lomas-verdes': {
    domains: ['uvm.edu.mx'],
    of: 'de la UVM',
  },
  'uvm-queretaro': {
    domains: ['uvm.edu.mx'],
    of: 'de la UVM',
  },
  'unitec-atizapan': {
    domains: ['unitec.edu.mx'],
    of: 'de UNITEC',
  },
  'unitec-sur': {
    domains: ['unitec.edu.mx'],
    of: 'de UNITEC',
  },
  'ucuauhtemoc-ags': {
    domains: ['ucuauhtemoc.edu.mx'],
    of: 'de la Cuauhtémoc',
  },
  'ucuauhtemoc-qro': {
    domains: ['ucuauhtemoc.edu.mx'],
    of: 'de la Cuauhtémoc',
  },
  udlap: {
    domains: ['udlap.mx'],
    of: 'de la UDLAP',
  },
  'uanl-cu': {
    domains: ['uanl.edu.mx'],
    of: 'de la UANL',
  },
  udem: {
    domains: ['udem.edu'],
    of: 'de la UDEM',
  },
  'buap-cu': {
    domains: ['buap.mx'],
    of: 'de la BUAP',
  },
  uaq: {
    domains: ['uaq.mx'],
    of: 'de la UAQ',
  },
  uaslp: {
    domains: ['uaslp.mx'],
    of: 'de la UASLP',
  },
  'ug-guanajuato': {
    domains: ['ugto.mx'],
    of: 'de la UG',
  },
  'ug-leon': {
    domains: ['ugto.mx'],
    of: 'de la UG',
  },
  uaa: {
    domains: ['uaa.mx'],
    of: 'de la UAA',
  },
  ucol: {
    domains: ['ucol.mx'],
    of: 'de la UCol',
  },
  umsnh: {
    domains: ['umich.mx'],
    of: 'de la Michoacana',
  },
  'uaemex-toluca': {
    domains: ['uaemex.mx'],
    of: 'de la UAEMéx',
  },
  'uv-xalapa': {
    domains: ['uv.mx'],
    of: 'de la UV',
  },
  'uv-veracruz': {
    domains: ['uv.mx'],
    of: 'de la UV',
  },
  uady: {
    domains: ['uady.mx'],
    of: 'de la UADY',
  },
  unison: {
    domains: ['unison.mx'],
    of: 'de la Unison',
  },
  'uabc-mexicali': {
    domains: ['uabc.edu.mx'],
    of: 'de la UABC',
  },
  'uabc-tijuana': {
    domains: ['uabc.edu.mx'],
    of: 'de la UABC',
  },
  'uabc-ensenada': {
    domains: ['uabc.edu.mx'],
    of: 'de la UABC',
  },
};
