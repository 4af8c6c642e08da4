import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { App } from './app';
import { type HydrationIslands, HydrationIslandsProvider } from './components/hydration-island';
import { type Islands, IslandsProvider } from './components/static-island';
import { interactiveIslandNodes, islandIdPrefix, islandRoot } from './landing/interactive-islands';
import { islandNodes } from './landing/islands';
import { faqStructuredData } from './landing/faq-data';
import { PHONE_ART_SEPARATOR, phoneArtParts } from './landing/phone-screens';
import { PrivacyNoticePage } from './privacy/privacy-notice-page';
import { PRIVACY_NOTICE_PATH } from './privacy/privacy-notice-settings';
import type { Route } from './route';
import { SITE } from './site-config';
import { createAppStore } from './store/app-store';
import { StoreProvider } from './store/store-context';

export { PRIVACY_NOTICE_FILE } from './privacy/privacy-notice-settings';
// What separates the drawing's parts: prerender.mjs checks that the loader splits on it.
export { PHONE_ART_SEPARATOR };

/**
 * Renders a route to HTML at build time (scripts/build/prerender.mjs). The client hydrates the
 * landing page's islands and the not-found page; the privacy notice is plain HTML, never hydrated.
 */
export function render(route: Route): { html: string; head: string; siteUrl: string } {
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
  });
  const islands: Islands = Object.fromEntries(
    Object.entries(islandNodes()).map(([id, node]) => [id, renderToStaticMarkup(node)]),
  );
  // Each interactive island is rendered as the root the browser hydrates it with (src/main.tsx).
  const interactive: HydrationIslands = Object.fromEntries(
    Object.entries(interactiveIslandNodes()).map(([id, node]) => [
      id,
      renderToString(islandRoot(node, store), {
        identifierPrefix: islandIdPrefix(id as keyof typeof interactive),
      }),
    ]),
  );
  const html = renderToString(
    <IslandsProvider value={islands}>
      <HydrationIslandsProvider value={interactive}>
        <StoreProvider store={store}>
          <App route={route} />
        </StoreProvider>
      </HydrationIslandsProvider>
    </IslandsProvider>,
  );
  const jsonLd = JSON.stringify(faqStructuredData(SITE.contactEmail)).replace(/</g, '\\u003c');
  const links = SITE.url
    ? `<meta property="og:url" content="${SITE.url}/" />\n    <link rel="canonical" href="${SITE.url}/" />\n    `
    : '';
  const head =
    route === 'home' ? `${links}<script type="application/ld+json">${jsonLd}</script>` : '';
  return { html, head, siteUrl: SITE.url };
}

/**
 * The phones' drawing, written to dist/phones.html and fetched by the page (PhoneScreens): its
 * frame and each phone, separated by PHONE_ART_SEPARATOR.
 */
export const renderPhoneArt = (): string =>
  phoneArtParts()
    .map((part) => renderToStaticMarkup(part))
    .join(PHONE_ART_SEPARATOR);
