import { type ReactNode, StrictMode } from 'react';
import type { InteractiveIslandId } from '@/ui/kit/interactive-island';
import { ErrorBoundary } from '@/ui/error-boundary';
import type { AppStore } from '@/ui/store/app-store';
import { StoreProvider } from '@/ui/store/store-context';
import { WaitlistCard } from '@/ui/waitlist/waitlist-card';
import { FaqList } from '@/ui/landing/faq';
import { CurrentYear } from '@/ui/landing/footer';
import { HeroProof } from '@/ui/landing/hero';
import { ScrollToTop } from '@/ui/landing/scroll-to-top';
import { WaitlistStats } from '@/ui/landing/waitlist-section';

/** The landing page's interactive islands, in document order. */
export const interactiveIslandNodes = (): Record<InteractiveIslandId, ReactNode> => ({
  'hero-proof': <HeroProof />,
  faq: <FaqList />,
  stats: <WaitlistStats />,
  'waitlist-card': <WaitlistCard />,
  year: <CurrentYear />,
  'scroll-to-top': <ScrollToTop />,
});

/** useId prefix of an island's root: the same for the prerender and the browser. */
export const islandIdPrefix = (id: InteractiveIslandId): string => `${id}-`;

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
