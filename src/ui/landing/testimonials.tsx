import { RevealSection } from '@/ui/components/reveal';
import { SectionHeading } from './section-heading';
import { StaticIsland } from '@/ui/kit/static-island';

export function Testimonials() {
  return (
    <RevealSection
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonios"
          title="Lo que dicen los estudiantes de la beta"
        />
        <StaticIsland id="testimonials" />
      </div>
    </RevealSection>
  );
}
