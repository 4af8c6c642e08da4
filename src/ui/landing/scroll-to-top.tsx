import { ArrowUp } from 'lucide-react';
import { useOnScreen } from '@/ui/hooks/use-on-screen';
import { useScrollPast } from '@/ui/hooks/use-scroll-past';
import { useReducedMotion } from '@/ui/hooks/use-reduced-motion';

/**
 * A floating button that appears after 500 px of scroll and goes back to the top. It never covers
 * a form control: on a phone it would sit over the university selector and the submit button, so
 * it hides while the waitlist card is on screen.
 */
export function ScrollToTop() {
  const visible = useScrollPast(500);
  const overForm = useOnScreen('[data-testid="waitlist-card"]');
  const reduced = useReducedMotion();
  if (!visible || overForm) return null;
  return (
    <button
      type="button"
      aria-label="Volver arriba"
      data-testid="scroll-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })}
      className="fixed right-4 bottom-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg hover:bg-indigo-700 sm:right-6 sm:bottom-6"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
