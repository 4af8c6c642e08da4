import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useHydrated } from '@/ui/hooks/use-hydrated';
import { useReducedMotion } from '@/ui/hooks/use-reduced-motion';
import { hashTarget } from '@/ui/route';
import { useAppStoreApi } from '@/ui/store/store-context';
import { Faq } from './faq';
import { Features } from './features';
import { Footer } from './footer';
import { Header } from './header';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Offerings } from './offerings';
import { ScrollToTop } from './scroll-to-top';
import { Testimonials } from './testimonials';
import { WaitlistSection } from './waitlist-section';

// Lost to the network, the toaster must not take the page with it: the page stays, without toasts.
const Toaster = lazy<ComponentType>(() =>
  import('@/ui/toaster').catch((error: unknown) => {
    console.error('Notifications could not load', error);
    return { default: () => null };
  }),
);

/** Scrolls smoothly to the element named by the address's hash, once, on load. */
function useScrollToHash() {
  const reduced = useReducedMotion();
  useEffect(() => {
    const id = hashTarget(location.hash);
    if (!id) return;
    const target = document.getElementById(id);
    target?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    // Only on load: later hash changes are ordinary in-page links.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The landing page, sections in the order of spec section 2. */
export function LandingPage() {
  const store = useAppStoreApi();
  const hydrated = useHydrated();
  useEffect(() => store.getState().start(), [store]);
  useScrollToHash();
  return (
    <>
      <a
        href="#main"
        className="fixed top-2 left-2 z-50 -translate-y-20 rounded-full bg-indigo-700 px-4 py-2 font-semibold text-white focus:translate-y-0"
      >
        Saltar al contenido
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero />
        <Features />
        <HowItWorks />
        <Offerings />
        <Faq />
        <Testimonials />
        <WaitlistSection />
      </main>
      <Footer />
      <ScrollToTop />
      {hydrated && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
