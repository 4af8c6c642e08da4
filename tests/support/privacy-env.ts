/**
 * The privacy notice's settings of a production build (src/ui/privacy/privacy-notice-settings.ts),
 * as the tests of a production build or deploy set them.
 */
export const SAMPLE_PRIVACY_ENV = {
  VITE_PRIVACY_RESPONSIBLE: 'Estudiantes Emprendedores, S.C.',
  VITE_PRIVACY_ADDRESS: 'Av. Juárez 976, Col. Centro, 44100 Guadalajara, Jal.',
  VITE_PRIVACY_EMAIL: 'privacidad@deestudiantes.mx',
  VITE_PRIVACY_UPDATED: '2026-11-23',
  VITE_PRIVACY_MAIL_PROVIDER: 'Brevo (Sendinblue SAS)',
} as const;
