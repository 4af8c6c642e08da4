import { PackageCheck, Search, ShoppingBag } from 'lucide-react';

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

/** A static island (no client code); see src/ui/kit/static-island.tsx. */
export function StepList() {
  return (
    <>
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
    </>
  );
}
