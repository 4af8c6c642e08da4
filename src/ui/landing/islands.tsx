import type { Islands } from '@/ui/components/static-island';
import { FeatureList } from './feature-list';
import { OfferingList } from './offering-list';
import { PhoneScreens } from './phone-screens';
import { StepList } from './step-list';
import { TestimonialList } from './testimonial-list';

/**
 * The page's static islands. Only the prerender (and `npm run dev`) imports this module, so none
 * of this code, nor its icons, reaches the browser's bundle.
 */
export const islandNodes = (): Islands => ({
  // The prerendered page fetches the drawing after its first paint (PhoneScreens).
  phones: <PhoneScreens deferred={import.meta.env.SSR} />,
  features: <FeatureList />,
  steps: <StepList />,
  offerings: <OfferingList />,
  testimonials: <TestimonialList />,
});
