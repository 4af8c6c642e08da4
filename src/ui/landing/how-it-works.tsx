import { ArrowRight, PackageCheck, Search, ShoppingBag } from 'lucide-react';
import { buttonStyles } from '@/ui/components/button-styles';
import { RevealSection } from '@/ui/components/reveal';
import { SectionHeading } from './section-heading';

/** The three steps of spec section 2. */
export const STEPS = [
  {
    icon: Search,
    title: 'Explora',
    text: 'Navega entre los estudiantes que venden comida, productos y servicios en tu campus.',
  },
  {
    icon: ShoppingBag,
    title: 'Solicita',
    text: 'Elige lo que quieres, personaliza tu pedido y el lugar de entrega, y confirma.',
  },
  {
    icon: PackageCheck,
    title: 'Recibe',
    text: 'El estudiante vendedor acepta tu pedido y te lo entrega en el lugar que elegiste.',
  },
] as const;

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
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li
              key={title}
              className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <span className="absolute -top-3 right-5 rounded-full bg-indigo-600 px-3 py-0.5 text-sm font-bold text-white">
                Paso {i + 1}
              </span>
              <Icon className="size-8 text-indigo-700" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 text-center">
          <a href="#waitlist" className={buttonStyles.primary}>
            Quiero unirme
            <ArrowRight className="size-5" aria-hidden="true" />
          </a>
        </div>
      </div>
    </RevealSection>
  );
}
