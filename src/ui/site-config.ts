export { PRIVACY_NOTICE_PATH } from './privacy/privacy-notice-path';

/** Public site settings from the build's environment. */
export const SITE = {
  name: 'De estudiantes a estudiantes',
  /** The FAQ's contact address (`VITE_CONTACT_EMAIL`). */
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL || 'hola@deestudiantes.mx',
  /** The site's public address (`VITE_SITE_URL`), for absolute Open Graph links; may be empty. */
  url: (import.meta.env.VITE_SITE_URL || '').replace(/\/+$/, ''),
} as const;
