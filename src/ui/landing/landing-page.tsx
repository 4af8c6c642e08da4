import { useEffect } from 'react';
import { InteractiveIsland } from '@/ui/kit/interactive-island';
import { StaticIsland } from '@/ui/kit/static-island';
import type { PageCampus } from '@/ui/campus/page-campus';
import { useAppStoreApi } from '@/ui/store/store-context';
import { Faq } from './faq';
import { Features } from './features';
import { Footer } from './footer';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { startLanding } from './landing-behaviour';
import { Offerings } from './offerings';
import { Testimonials } from './testimonials';
import { WaitlistSection } from './waitlist-section';

/**
 * The landing page, sections in the order of spec section 2. The prerendered page is never
 * hydrated as a whole: the browser hydrates its interactive islands one by one
 * (src/ui/boot/hydrate-islands.tsx) and runs `startLanding` and the store's
 * `start` itself. This component's effect serves the page rendered in the browser (`npm run
 * dev`), where the toaster loads with the first toast (src/ui/toast.ts). A campus's page (issue 60)
 * is this page about one campus: its hero names it and its card has it chosen (the store's
 * `pageCollege`); every other section is the landing page's own.
 */
export function LandingPage({ campus }: { campus?: PageCampus | undefined }) {
  const store = useAppStoreApi();
  useEffect(() => {
    const stopLanding = startLanding();
    const stopBackend = store.getState().start();
    return () => (stopBackend(), stopLanding());
  }, [store]);
  return (
    <>
      <a
        href="#main"
        className="fixed top-2 left-2 z-50 -translate-y-20 rounded-full bg-indigo-700 px-4 py-2 font-semibold text-white focus:translate-y-0"
      >
        Saltar al contenido
      </a>
      <StaticIsland id="header" className="contents" />
      <main id="main" tabIndex={-1} className="outline-none">
        <Hero {...(campus ? { campus } : {})} />
        <Features />
        <HowItWorks />
        <Offerings />
        <Faq />
        <Testimonials />
        <WaitlistSection />
      </main>
      <Footer />
      <InteractiveIsland id="scroll-to-top" />
    </>
  );
}
