import { Quote } from 'lucide-react';

const TESTIMONIALS = [
  {
    quote:
      'Vendo mis brownies entre clases y ya tengo clientes fijos. Por fin una forma ordenada de recibir pedidos.',
    name: 'Mariana G.',
    campus: 'UDG - CUCEI',
  },
  {
    quote:
      'Encontrar comida casera cerca de mi salón, a buen precio y de otros estudiantes, es justo lo que necesitaba.',
    name: 'Diego R.',
    campus: 'ITESM - GDL',
  },
  {
    quote:
      'Vendí mis apuntes y mi calculadora del semestre pasado en un día. Y doy asesorías de cálculo.',
    name: 'Sofía L.',
    campus: 'UDG - CUCEA',
  },
] as const;

/** A static island (no client code); see src/ui/kit/static-island.tsx. */
export function TestimonialList() {
  return (
    <>
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map(({ quote, name, campus }) => (
          <li key={name}>
            <figure className="flex h-full flex-col rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <Quote className="size-8 text-indigo-300" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 text-slate-700">“{quote}”</blockquote>
              <figcaption className="mt-5">
                <span className="block font-semibold text-slate-900">{name}</span>
                <span className="text-sm text-slate-600">{campus}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}
