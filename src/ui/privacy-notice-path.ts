/**
 * Where the privacy notice is served, apart from its settings so that the links to it (the footer,
 * the waitlist's steps, the router) bring no more code into the landing page's bundle.
 */

/** The notice's address: `aviso-de-privacidad.html`, reached without `.html` on every host. */
export const PRIVACY_NOTICE_PATH = '/aviso-de-privacidad';
/** The prerendered file (scripts/build/prerender.mjs). */
export const PRIVACY_NOTICE_FILE = 'aviso-de-privacidad.html';
