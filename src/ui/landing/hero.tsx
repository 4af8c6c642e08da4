import { ArrowRight } from 'lucide-react';
import { buttonVariants } from '@/ui/components/button';
import { cn } from '@/ui/components/cn';
import { InteractiveIsland } from '@/ui/kit/interactive-island';
import { type PageCampus, placeOf } from '@/ui/campus/page-campus';
import { StaticIsland } from '@/ui/kit/static-island';
import { AvatarStrip } from './avatar-strip';
import { CountFigure } from './count-figure';

/** Students already on the list, as the page states it (spec section 1). */
export const STUDENTS_ON_LIST = 200;

function StudentCounter() {
  return (
    <p className="text-sm text-slate-600">
      <span aria-hidden="true">
        <strong className="font-bold text-slate-900 tabular-nums">
          <CountFigure
            start={0}
            end={STUDENTS_ON_LIST}
            duration={10}
            active
            suffix="+"
            testId="hero-counter"
          />
        </strong>{' '}
        estudiantes ya están en la lista
      </span>
      <span className="sr-only">Más de {STUDENTS_ON_LIST} estudiantes ya están en la lista</span>
    </p>
  );
}

/** The hero's social proof: the avatar strip and the counter (an island hydrated on its own). */
export function HeroProof() {
  return (
    <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
      <AvatarStrip />
      <StudentCounter />
    </div>
  );
}

/** The hero's title: the slogan, or on a campus's page (issue 60) the campus it is about. */
function HeroTitle({ campus }: { campus: PageCampus | undefined }) {
  const eyebrow = campus
    ? `${campus.college.name} · ${placeOf(campus)}`
    : 'Un marketplace para estudiantes universitarios';
  return (
    <>
      <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-medium sm:text-sm text-indigo-700 shadow-sm ring-1 ring-indigo-100">
        <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
        {eyebrow}
      </p>
      <h1
        id="hero-title"
        className={cn(
          'mt-5 leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900',
          // A campus's name can be long ('UDG - CUTLAQUEPAQUE'): a size that fits a 320 px phone.
          campus ? 'text-4xl [overflow-wrap:anywhere] sm:text-5xl' : 'text-[2.75rem] sm:text-6xl',
        )}
      >
        {campus ? (
          <>
            El marketplace de estudiantes de{' '}
            <span className="text-indigo-600" data-testid="campus-name">
              {campus.college.shortName}
            </span>
          </>
        ) : (
          <>
            De estudiantes{' '}
            <span className="text-indigo-600 sm:whitespace-nowrap">a estudiantes</span>
          </>
        )}
      </h1>
    </>
  );
}

/**
 * The hero: slogans, the two calls to action, the avatar strip, the counter and the phones. On a
 * campus's page it names the campus, its university and city (issue 60).
 */
export function Hero({ campus }: { campus?: PageCampus }) {
  return (
    <section
      id="top"
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white pt-28 pb-16 sm:pt-32"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-indigo-200/40 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <HeroTitle campus={campus} />
          <p className="mx-auto mt-5 max-w-md text-base text-pretty text-slate-600 sm:text-lg lg:mx-0">
            Compra, vende e intercambia comida casera, postres, servicios y material de estudio en
            tu campus.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <a href="#waitlist" className={cn(buttonVariants(), 'text-base')}>
              Únete a la Lista de Espera
              <ArrowRight className="size-5" aria-hidden="true" />
            </a>
            <a
              href="#how-it-works"
              className={cn(buttonVariants({ variant: 'secondary' }), 'text-base')}
            >
              ¿Cómo funciona?
            </a>
          </div>
          <InteractiveIsland id="hero-proof" />
        </div>
        <StaticIsland id="phones" />
      </div>
    </section>
  );
}
