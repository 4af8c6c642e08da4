import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { App } from './app';
import { type Islands, IslandsProvider } from './components/static-island';
import { islandNodes } from './landing/islands';
import { faqStructuredData } from './landing/faq-data';
import type { Route } from './route';
import { SITE } from './site-config';
import { createAppStore } from './store/app-store';
import { StoreProvider } from './store/store-context';

/** Renders a route to HTML at build time (scripts/build/prerender.mjs); the client hydrates it. */
export function render(route: Route): { html: string; head: string; siteUrl: string } {
  const store = createAppStore({
    loadUseCases: () => Promise.reject(new Error('No backend while prerendering')),
  });
  const islands: Islands = Object.fromEntries(
    Object.entries(islandNodes()).map(([id, node]) => [id, renderToStaticMarkup(node)]),
  );
  const html = renderToString(
    <IslandsProvider value={islands}>
      <StoreProvider store={store}>
        <App route={route} />
      </StoreProvider>
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
