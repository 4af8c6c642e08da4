import { RevealSection } from '@/ui/components/reveal';
import { StaticIsland } from '@/ui/kit/static-island';
import { SectionHeading } from './section-heading';

export function Features() {
  return (
    <RevealSection
      id="features"
      aria-labelledby="features-title"
      rootMargin="0px 0px -100px 0px"
      className="bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Características"
          title="Todo lo que necesitas para vender y comprar en tu campus"
          lead="Herramientas pensadas para estudiantes que venden lo que saben hacer y para quienes buscan algo rico, útil y cerca."
        />
        <StaticIsland id="features" />
      </div>
    </RevealSection>
  );
}
