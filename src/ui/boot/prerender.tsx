import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { App } from '@/ui/boot/app';
import { type InteractiveIslands, InteractiveIslandsProvider } from '@/ui/kit/interactive-island';
import { type StaticIslands, StaticIslandsProvider } from '@/ui/kit/static-island';
import {
  interactiveIslandNodes,
  islandIdPrefix,
  islandRoot,
} from '@/ui/boot/interactive-island-nodes';
import { staticIslandNodes } from '@/ui/boot/static-island-nodes';
import { faqStructuredData } from '@/ui/landing/faq-data';
import { PHONE_ART_PATH, PHONE_ART_SEPARATOR, phoneArtParts } from '@/ui/landing/phone-screens';
import { LeaveLinkPage } from '@/ui/leave/leave-link-page';
import { PrivacyNoticePage } from '@/ui/privacy/privacy-notice-page';
import { PRIVACY_NOTICE_PATH } from '@/ui/privacy/privacy-notice-settings';
import { catalogueCampuses } from '@/ui/campus/catalogue-campuses';
import { campusPageMeta, type PageCampus } from '@/ui/campus/page-campus';
import type { Route } from '@/ui/route';
import { SITE } from '@/ui/site-config';
import { createAppStore } from '@/ui/store/app-store';
import { StoreProvider } from '@/ui/store/store-context';

export { PRIVACY_NOTICE_FILE } from '@/ui/privacy/privacy-notice-settings';
export { campusPageMeta, catalogueCampuses };
/** The site's address (`VITE_SITE_URL`), for the campus files' addresses; empty without one. */
export const SITE_URL = SITE.url;
export { encodePageCampus } from '@/ui/campus/page-campus';
// What separates the drawing's parts: prerender.mjs checks that the loader splits on it. The
// drawing's address: prerender.mjs names its font beside it on the figure.
export { PHONE_ART_PATH, PHONE_ART_SEPARATOR };

/**
 * Renders a route to HTML at build time (scripts/build/prerender.mjs). The client hydrates the
 * landing page's islands and the not-found page; the privacy notice is plain HTML, never hydrated;
 * the leave link's page is rendered over by the client.
 */
export function render(
  route: Route,
  campus: PageCampus | null = null,
): { html: string; head: string; siteUrl: string } {
  if (route === 'campus' && !campus) throw new Error('A campus page needs its campus');
  if (route === 'privacy') {
    const url = `${SITE.url}${PRIVACY_NOTICE_PATH}`;
    // Canonical even without VITE_SITE_URL (then relative, as a memory build has no address).
    const head = SITE.url
      ? `<meta property="og:url" content="${url}" />\n    <link rel="canonical" href="${url}" />`
      : `<link rel="canonical" href="${PRIVACY_NOTICE_PATH}" />`;
    return { html: renderToString(<PrivacyNoticePage />), head, siteUrl: SITE.url };
  }
  const store = createAppStore({
    loadUseCases: () => Promise.reject(new Error('No backend while prerendering')),
    pageCollege: campus?.college ?? null,
  });
  if (route === 'leave') {
    // Its first state ('Revisando tu enlace…'); the client renders over it (src/main.tsx).
    const html = renderToString(
      <StoreProvider store={store}>
        <LeaveLinkPage />
      </StoreProvider>,
    );
    return { html, head: '', siteUrl: SITE.url };
  }
  const islands: StaticIslands = Object.fromEntries(
    Object.entries(staticIslandNodes()).map(([id, node]) => [id, renderToStaticMarkup(node)]),
  );
  // Each interactive island is rendered as the root the browser hydrates it with (src/main.tsx).
  const interactive: InteractiveIslands = Object.fromEntries(
    Object.entries(interactiveIslandNodes()).map(([id, node]) => [
      id,
      renderToString(islandRoot(node, store), {
        identifierPrefix: islandIdPrefix(id as keyof typeof interactive),
      }),
    ]),
  );
  const html = renderToString(
    <StaticIslandsProvider value={islands}>
      <InteractiveIslandsProvider value={interactive}>
        <StoreProvider store={store}>
          <App route={route} campus={campus} />
        </StoreProvider>
      </InteractiveIslandsProvider>
    </StaticIslandsProvider>,
  );
  const structured = campus ? campusStructuredData(campus) : faqStructuredData(SITE.contactEmail);
  const jsonLd = JSON.stringify(structured).replace(/</g, '\\u003c');
  // A campus page's own address (issue 60); relative in a build without a site address.
  const path = campus ? campusPageMeta(campus, '').path : '/';
  const links = SITE.url
    ? `<meta property="og:url" content="${SITE.url}${path}" />\n    <link rel="canonical" href="${SITE.url}${path}" />\n    `
    : campus
      ? `<link rel="canonical" href="${path}" />\n    `
      : '';
  // The first frame waits until the hero is parsed (the section after it, #features, has
  // arrived): the HTML may come in pieces, and a hero painted half-parsed moves as the rest comes
  // in (a layout shift). Browsers without `rel="expect"` ignore it; at the end of the document
  // rendering is unblocked anyway.
  const firstFrame = '<link rel="expect" href="#features" blocking="render" />\n    ';
  const head =
    route === 'home' || route === 'campus'
      ? `${links}${firstFrame}<script type="application/ld+json">${jsonLd}</script>`
      : '';
  return { html, head, siteUrl: SITE.url };
}

/**
 * A campus page's structured data (schema.org): the page, about the campus as a college or
 * university with its city. Every value comes from the catalogue.
 */
function campusStructuredData(campus: PageCampus) {
  const meta = campusPageMeta(campus, SITE.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: meta.title,
    description: meta.description,
    inLanguage: 'es-MX',
    ...(SITE.url ? { url: meta.url } : {}),
    about: {
      '@type': 'CollegeOrUniversity',
      name: `${campus.college.name} - ${campus.college.subname}`,
      address: {
        '@type': 'PostalAddress',
        addressLocality: campus.city,
        addressRegion: campus.state,
        addressCountry: 'MX',
      },
    },
    isPartOf: { '@type': 'WebSite', name: SITE.name, ...(SITE.url ? { url: `${SITE.url}/` } : {}) },
  };
}

/**
 * The phones' drawing, written to dist/phones.html and fetched by the page (PhoneScreens): its
 * frame and each phone, separated by PHONE_ART_SEPARATOR.
 */
export function renderPhoneArt(): string {
  return phoneArtParts()
    .map((part) => renderToStaticMarkup(part))
    .join(PHONE_ART_SEPARATOR);
}
