import { type ReactNode, StrictMode } from 'react';
import type { HydrationIslandId } from '@/ui/components/hydration-island';
import { ErrorBoundary } from '@/ui/error-boundary';
import type { AppStore } from '@/ui/store/app-store';
import { StoreProvider } from '@/ui/store/store-context';
import { WaitlistCard } from '@/ui/waitlist/waitlist-card';
import { FaqList } from './faq';
import { CurrentYear } from './footer';
import { Header } from './header';
import { HeroProof } from './hero';
import { ScrollToTop } from './scroll-to-top';
import { WaitlistStats } from './waitlist-section';

/** The landing page's interactive islands, in document order. */
export const interactiveIslandNodes = (): Record<HydrationIslandId, ReactNode> => ({
  header: <Header />,
  'hero-proof': <HeroProof />,
  faq: <FaqList />,
  stats: <WaitlistStats />,
  'waitlist-card': <WaitlistCard />,
  year: <CurrentYear />,
  'scroll-to-top': <ScrollToTop />,
});

/** useId prefix of an island's root: the same for the prerender and the browser. */
export const islandIdPrefix = (id: HydrationIslandId): string => `${id}-`;

/**
 * One island's root element, the same tree on the server and in the browser (so its HTML
 * hydrates): the shared store, an error screen, and `extra` (the browser's hydration marker).
 */
export function islandRoot(node: ReactNode, store: AppStore, extra?: ReactNode): ReactNode {
  return (
    <StrictMode>
      <ErrorBoundary>
        <StoreProvider store={store}>{node}</StoreProvider>
      </ErrorBoundary>
      {extra}
    </StrictMode>
  );
}
