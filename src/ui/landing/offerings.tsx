import { RevealSection } from '@/ui/components/reveal';
import { SectionHeading } from './section-heading';
import { StaticIsland } from '@/ui/kit/static-island';

export function Offerings() {
  return (
    <RevealSection
      id="offerings"
      aria-labelledby="offerings-title"
      className="bg-white py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="offerings-title"
          eyebrow="Qué encontrarás"
          title="Compra, vende e intercambia en tu campus"
          lead="Gana dinero con lo que sabes hacer o encuentra justo lo que se te antoja, de estudiantes como tú."
        />
        <StaticIsland id="offerings" />
      </div>
    </RevealSection>
  );
}
