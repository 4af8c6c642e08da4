import { ArrowRight } from 'lucide-react';
import { RevealSection } from '@/ui/components/reveal';
import { SectionHeading } from './section-heading';
import { StaticIsland } from '@/ui/kit/static-island';
import { buttonVariants } from '@/ui/components/button';

export function HowItWorks() {
  return (
    <RevealSection
      id="how-it-works"
      aria-labelledby="how-title"
      className="bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-title"
          eyebrow="Funcionamiento"
          title="¿Cómo funciona?"
          lead="Tres pasos entre tú y lo que necesitas, sin salir del campus."
        />
        <StaticIsland id="steps" />
        <div className="mt-12 text-center">
          <a href="#waitlist" className={buttonVariants()}>
            Quiero unirme
            <ArrowRight className="size-5" aria-hidden="true" />
          </a>
        </div>
      </div>
    </RevealSection>
  );
}
