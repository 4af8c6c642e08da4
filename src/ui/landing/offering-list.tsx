import { BookOpen, Cake, Cookie, CookingPot, Soup, UtensilsCrossed, Wrench } from 'lucide-react';
import {
  SELLER_CATEGORIES,
  SELLER_CATEGORY_LABELS,
  type SellerCategory,
} from '@/domain/seller-choice';

/**
 * What students will buy, sell and swap (spec section 1): the section the spec leaves open. The
 * offerings are the domain's seller categories (issue 58, part 6): one record per category, so a
 * category added, removed or renamed there fails the type check here until the landing follows,
 * and the card's '¿Quieres vender en tu campus?' always offers what the landing lists.
 */
const OFFERING_LOOK: Readonly<
  Record<SellerCategory, { icon: typeof CookingPot; text: string; tint: string }>
> = {
  'comida-casera': {
    icon: CookingPot,
    text: 'Guisos, tortas y comida del día hecha por compañeros.',
    tint: 'bg-amber-100 text-amber-800',
  },
  'platillos-favoritos': {
    icon: Soup,
    text: 'Ese platillo de la casa que todos piden en la facultad.',
    tint: 'bg-rose-100 text-rose-800',
  },
  'platillos-preparados': {
    icon: UtensilsCrossed,
    text: 'Comidas listas para llevar o calentar: tu lunch de la semana, hecho por compañeros.',
    tint: 'bg-lime-100 text-lime-800',
  },
  snacks: {
    icon: Cookie,
    text: 'Algo rápido entre clases: botanas, fruta y bebidas.',
    tint: 'bg-orange-100 text-orange-800',
  },
  postres: {
    icon: Cake,
    text: 'Brownies, galletas, pasteles y antojos dulces.',
    tint: 'bg-pink-100 text-pink-800',
  },
  servicios: {
    icon: Wrench,
    text: 'Asesorías, diseño, fotografía, reparaciones y más.',
    tint: 'bg-sky-100 text-sky-800',
  },
  'material-de-estudio': {
    icon: BookOpen,
    text: 'Apuntes, libros, calculadoras y material de laboratorio.',
    tint: 'bg-emerald-100 text-emerald-800',
  },
};

const OFFERINGS = SELLER_CATEGORIES.map((category) => ({
  ...OFFERING_LOOK[category],
  title: SELLER_CATEGORY_LABELS[category],
}));

/** A static island (no client code); see src/ui/kit/static-island.tsx. */
export function OfferingList() {
  return (
    <>
      <ul className="mt-14 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {OFFERINGS.map(({ icon: Icon, title, text, tint }) => (
          <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 p-5">
            <span
              className={`inline-flex size-12 shrink-0 items-center justify-center rounded-xl ${tint}`}
            >
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-10 max-w-2xl rounded-2xl bg-indigo-50 p-5 text-center text-slate-700">
        <strong className="text-indigo-800">¿Vendes algo?</strong> Publica tus productos gratis,
        recibe pedidos de tu misma universidad y entrega entre clases.
      </p>
    </>
  );
}
