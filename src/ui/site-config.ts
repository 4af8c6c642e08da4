export { PRIVACY_NOTICE_PATH } from './privacy-notice-path';

/** Public site settings from the build's environment. */
export const SITE = {
  name: 'De estudiantes a estudiantes',
  /** The FAQ's contact address (`VITE_CONTACT_EMAIL`). */
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL || 'hola@deestudiantes.mx',
  /** The site's public address (`VITE_SITE_URL`), for absolute Open Graph links; may be empty. */
  url: (import.meta.env.VITE_SITE_URL || '').replace(/\/+$/, ''),
  /**
   * Who is responsible for the students' data (`VITE_PRIVACY_RESPONSIBLE`), named in the short
   * notice at sign-in; empty in a development build (the full notice shows its placeholder).
   */
  privacyResponsible: (import.meta.env.VITE_PRIVACY_RESPONSIBLE || '').trim(),
} as const;
