import type { StaticIslands } from '@/ui/kit/static-island';
import { FeatureList } from '@/ui/landing/feature-list';
import { Header } from '@/ui/landing/header';
import { OfferingList } from '@/ui/landing/offering-list';
import { PhoneScreens } from '@/ui/landing/phone-screens';
import { StepList } from '@/ui/landing/step-list';
import { TestimonialList } from '@/ui/landing/testimonial-list';

/**
 * The page's static islands. Only the prerender (and `npm run dev`) imports this module, so none
 * of this code, nor its icons, reaches the browser's bundle.
 */
export const staticIslandNodes = (): StaticIslands => ({
  // Its behaviour is plain DOM code (startHeader, src/ui/landing/header-behaviour.ts).
  header: <Header />,
  // The prerendered page fetches the drawing after its first paint (PhoneScreens).
  phones: <PhoneScreens deferred={import.meta.env.SSR} />,
  features: <FeatureList />,
  steps: <StepList />,
  offerings: <OfferingList />,
  testimonials: <TestimonialList />,
});
