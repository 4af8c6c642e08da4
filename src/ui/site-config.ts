/** Public site settings from the build's environment. */
export const SITE = {
  name: 'De estudiantes a estudiantes',
  /** The FAQ's contact address (`VITE_CONTACT_EMAIL`). */
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL || 'hola@deestudiantes.mx',
  /** The full privacy notice, when one is published (`VITE_PRIVACY_URL`). */
  privacyUrl: import.meta.env.VITE_PRIVACY_URL || '',
  /** The site's public address (`VITE_SITE_URL`), for absolute Open Graph links; may be empty. */
  url: (import.meta.env.VITE_SITE_URL || '').replace(/\/+$/, ''),
} as const;
