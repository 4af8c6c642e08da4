import { InteractiveIsland } from '@/ui/kit/interactive-island';
import { RevealSection } from '@/ui/components/reveal';
import { StatCounter } from './stat-counter';

/** The two stat counters (an island hydrated on its own). */
export function WaitlistStats() {
  return (
    <dl className="mt-8 grid max-w-sm grid-cols-2 gap-4">
      <StatCounter start={4} end={15} label="Universidades" testId="stat-colleges" />
      <StatCounter start={10} end={200} suffix="+" label="Estudiantes" testId="stat-students" />
    </dl>
  );
}

/** The waitlist section (#waitlist): pitch, the two stat counters and the two-step card; the counters
 * and the card are islands hydrated on their own. */
export function WaitlistSection() {
  return (
    <RevealSection
      id="waitlist"
      aria-labelledby="waitlist-title"
      className="bg-gradient-to-br from-indigo-700 via-indigo-600 to-violet-700 py-20 text-white sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-100 uppercase">
            Lista de espera
          </p>
          <h2 id="waitlist-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Únete a la Lista de Espera
          </h2>
          <p className="mt-4 text-lg text-indigo-50">
            Sé de los primeros en comprar y vender en tu campus. Elige tu universidad y te
            avisaremos en cuanto el marketplace esté disponible.
          </p>
          <InteractiveIsland id="stats" />
        </div>
        <InteractiveIsland id="waitlist-card" />
      </div>
    </RevealSection>
  );
}
